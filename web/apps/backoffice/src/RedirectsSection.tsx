/**
 * Redirect rules: an old site path (without the language) sent to a new path (which may use {lng})
 * or to an http(s) address, with its status code. A rule that would send visitors round in a circle,
 * or a target that is neither, is refused by the redirects module with its own message.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { CheckField, SelectField, TextField } from '@parlay/ui/index.ts';
import type { Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel } from './desk.tsx';
import { EditRemoveCell, RuleForm, useRuleDesk } from './RuleDesk.tsx';

const CODES = [301, 302, 307, 308] as const;

interface RedirectRule {
  id: number;
  sourcePath: string;
  targetUrl: string;
  code: number;
  isActive: boolean;
}
type Draft = Omit<RedirectRule, 'id'>;
const EMPTY: Draft = { sourcePath: '', targetUrl: '', code: 301, isActive: true };

export function RedirectsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const manage = me.actions.includes('content.manage');
  const desk = useRuleDesk<RedirectRule, Draft>('/redirects', EMPTY);
  const { draft, setDraft } = desk;
  const save = () => {
    const body = { ...draft, sourcePath: draft.sourcePath.trim(), targetUrl: draft.targetUrl.trim() };
    void desk.save(body, t('redirects.saved'));
  };

  return (
    <Panel id="bo-redirects" title={t('redirects.title')} lead={t('redirects.lead')}>
      <NoticeLine notice={desk.notice} />
      {manage ? (
        <RuleForm
          editing={desk.editing}
          names={{
            add: t('redirects.add'),
            edit: (id) => t('redirects.editRule', { id }),
            save: t('redirects.save'),
          }}
          onSubmit={save}
          onCancel={desk.reset}
        >
          <TextField
            label={t('redirects.source')}
            hint={t('redirects.sourceHint')}
            value={draft.sourcePath}
            required
            maxLength={500}
            onChange={(e) => setDraft({ ...draft, sourcePath: e.target.value })}
          />
          <TextField
            label={t('redirects.target')}
            hint={t('redirects.targetHint')}
            value={draft.targetUrl}
            required
            maxLength={2000}
            onChange={(e) => setDraft({ ...draft, targetUrl: e.target.value })}
          />
          <SelectField
            label={t('redirects.code')}
            value={String(draft.code)}
            onChange={(e) => setDraft({ ...draft, code: Number(e.target.value) })}
          >
            {CODES.map((c) => (
              <option key={c} value={c}>
                {t(`redirects.codes.${c}`)}
              </option>
            ))}
          </SelectField>
          <CheckField
            label={t('redirects.active')}
            checked={draft.isActive}
            onChange={(checked) => setDraft({ ...draft, isActive: checked })}
          />
        </RuleForm>
      ) : null}
      <DataTable
        rows={desk.rows}
        empty={t('redirects.empty')}
        testId="redirect-rules"
        columns={[
          { label: t('redirects.source') },
          { label: t('redirects.target') },
          { label: t('redirects.code'), num: true },
          { label: t('redirects.active') },
          manage && { label: t('actions') },
        ]}
        row={(r) => (
          <tr key={r.id}>
            <td>
              <code>{r.sourcePath}</code>
            </td>
            <td>
              <code className={styles.wrap}>{r.targetUrl}</code>
            </td>
            <td className={styles.num}>{r.code}</td>
            <td>{r.isActive ? t('blocks.yes') : t('blocks.no')}</td>
            {manage ? (
              <EditRemoveCell
                edit={t('redirects.edit')}
                remove={t('redirects.remove')}
                removeLabel={t('redirects.removeRule', { source: r.sourcePath })}
                onEdit={() =>
                  desk.edit(r.id, {
                    sourcePath: r.sourcePath,
                    targetUrl: r.targetUrl,
                    code: r.code,
                    isActive: r.isActive,
                  })
                }
                onRemove={() => void desk.remove(r.id, t('redirects.removed'))}
              />
            ) : null}
          </tr>
        )}
      />
    </Panel>
  );
}
