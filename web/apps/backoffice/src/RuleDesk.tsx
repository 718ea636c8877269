/**
 * A list of rules kept by the content managers (blocks, redirects): read from `<base>`, added with a
 * POST to `<base>`, changed at `<base>/<id>`, removed at `<base>/<id>/delete`; the one form adds or,
 * with a rule taken into it, changes; each row has edit and remove.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { type ReactNode, useState } from 'react';
import { type Answer, post } from './api.ts';
import styles from './Backoffice.module.css';
import { useDeskQuery, useNotice } from './desk.tsx';

export function useRuleDesk<Rule extends { id: number }, Draft>(base: string, empty: Draft) {
  const { data, reload } = useDeskQuery<{ rules: Rule[] }>(base);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const { notice, report } = useNotice();
  const reset = () => {
    setEditing(null);
    setDraft(empty);
  };
  const done = async (answer: Answer<unknown>, text: string) => {
    if (report(answer, text)) {
      reset();
      await reload();
    }
  };
  return {
    rows: data?.rules ?? null,
    editing,
    draft,
    setDraft,
    notice,
    reset,
    edit(id: number, values: Draft) {
      setEditing(id);
      setDraft(values);
    },
    async save(body: Draft, saved: string) {
      await done(await post(editing === null ? base : `${base}/${editing}`, body), saved);
    },
    async remove(id: number, removed: string) {
      await done(await post(`${base}/${id}/delete`), removed);
    },
  };
}

/** The add-or-change form: its name and button say which; cancel leaves a change. */
export function RuleForm({
  editing,
  names,
  onSubmit,
  onCancel,
  children,
}: {
  editing: number | null;
  names: { add: string; edit(id: number): string; save: string };
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  const t = useT('backoffice');
  return (
    <form
      className={styles.inlineForm}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      aria-label={editing === null ? names.add : names.edit(editing)}
    >
      {children}
      <Button type="submit" variant="primary">
        {editing === null ? names.add : names.save}
      </Button>
      {editing !== null ? <Button onClick={onCancel}>{t('cancel')}</Button> : null}
    </form>
  );
}

/** A rule row's actions cell. */
export function EditRemoveCell({
  edit,
  remove,
  removeLabel,
  onEdit,
  onRemove,
}: {
  edit: string;
  remove: string;
  removeLabel: string;
  onEdit(): void;
  onRemove(): void;
}) {
  return (
    <td className={styles.actions}>
      <div className={styles.buttons}>
        <Button size="sm" onClick={onEdit}>
          {edit}
        </Button>
        <Button size="sm" variant="ghost" aria-label={removeLabel} onClick={onRemove}>
          {remove}
        </Button>
      </div>
    </td>
  );
}
