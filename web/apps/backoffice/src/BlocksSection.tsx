/**
 * Block rules: who sees a block page instead of the site (a country, a user-agent fragment, a path,
 * or everyone) and which page (the reason). Added, changed, switched off and removed through the
 * blocks module; the block answer follows at once.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, CheckField, Message, SelectField, Table, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type Answer, call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

const KINDS = ['country', 'path', 'user_agent', 'all'] as const;
const REASONS = [3, 1, 2, 5, 14, 13, 17, 4, 8, 16] as const;

interface BlockRule {
  id: number;
  kind: (typeof KINDS)[number];
  pattern: string;
  templateTypeId: number;
  isActive: boolean;
  note: string;
}
type Draft = Omit<BlockRule, 'id'>;
const EMPTY: Draft = { kind: 'country', pattern: '', templateTypeId: 3, isActive: true, note: '' };

export function BlocksSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const manage = me.actions.includes('content.manage');
  const [rows, setRows] = useState<BlockRule[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await call<{ rules: BlockRule[] }>('/blocks');
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.rules);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const done = async (answer: Answer<unknown>, text: string) => {
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok ? { kind: 'success', text } : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    if (answer.ok) {
      setEditing(null);
      setDraft(EMPTY);
      await load();
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const path = editing === null ? '/blocks' : `/blocks/${editing}`;
    await done(await post(path, { ...draft, pattern: draft.pattern.trim() }), t('blocks.saved'));
  };

  return (
    <section className={styles.panel} aria-labelledby="bo-blocks">
      <h2 id="bo-blocks" className={styles.subheading}>
        {t('blocks.title')}
      </h2>
      <p className={styles.muted}>{t('blocks.lead')}</p>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {manage ? (
        <form
          className={styles.inlineForm}
          onSubmit={save}
          aria-label={editing === null ? t('blocks.add') : t('blocks.editRule', { id: editing })}
        >
          <SelectField
            label={t('blocks.kind')}
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as Draft['kind'] })}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`blocks.kinds.${k}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('blocks.pattern')}
            hint={t(`blocks.hints.${draft.kind}`)}
            value={draft.pattern}
            required
            maxLength={500}
            onChange={(e) => setDraft({ ...draft, pattern: e.target.value })}
          />
          <SelectField
            label={t('blocks.reason')}
            value={String(draft.templateTypeId)}
            onChange={(e) => setDraft({ ...draft, templateTypeId: Number(e.target.value) })}
          >
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`blocks.reasons.${r}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('blocks.note')}
            value={draft.note}
            maxLength={500}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
          <CheckField
            label={t('blocks.active')}
            checked={draft.isActive}
            onChange={(checked) => setDraft({ ...draft, isActive: checked })}
          />
          <Button type="submit" variant="primary">
            {editing === null ? t('blocks.add') : t('blocks.save')}
          </Button>
          {editing !== null ? (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
              }}
            >
              {t('cancel')}
            </Button>
          ) : null}
        </form>
      ) : null}
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('blocks.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="block-rules">
            <thead>
              <tr>
                <th scope="col">{t('blocks.kind')}</th>
                <th scope="col">{t('blocks.pattern')}</th>
                <th scope="col">{t('blocks.reason')}</th>
                <th scope="col">{t('blocks.active')}</th>
                <th scope="col">{t('blocks.note')}</th>
                {manage ? <th scope="col">{t('actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{t(`blocks.kinds.${r.kind}`)}</td>
                  <td>
                    <code>{r.pattern}</code>
                  </td>
                  <td>{t(`blocks.reasons.${r.templateTypeId}`)}</td>
                  <td>{r.isActive ? t('blocks.yes') : t('blocks.no')}</td>
                  <td>{r.note}</td>
                  {manage ? (
                    <td className={styles.actions}>
                      <div className={styles.buttons}>
                        <Button
                          size="sm"
                          onClick={() => {
                            setEditing(r.id);
                            setDraft({
                              kind: r.kind,
                              pattern: r.pattern,
                              templateTypeId: r.templateTypeId,
                              isActive: r.isActive,
                              note: r.note,
                            });
                          }}
                        >
                          {t('blocks.edit')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={t('blocks.removeRule', { pattern: r.pattern })}
                          onClick={async () =>
                            done(await post(`/blocks/${r.id}/delete`), t('blocks.removed'))
                          }
                        >
                          {t('blocks.remove')}
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
