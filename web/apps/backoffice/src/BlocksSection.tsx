/**
 * Block rules: who sees a block page instead of the site (a country, a user-agent fragment, a path,
 * or everyone) and which page (the reason). Added, changed, switched off and removed through the
 * blocks module; the block answer follows at once.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { CheckField, SelectField, TextField } from '@parlay/ui/index.ts';
import type { Me } from './api.ts';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel } from './desk.tsx';
import { EditRemoveCell, RuleForm, useRuleDesk } from './RuleDesk.tsx';

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
  const manage = me.actions.includes('content.manage');
  const desk = useRuleDesk<BlockRule, Draft>('/blocks', EMPTY);
  const { draft, setDraft } = desk;

  return (
    <Panel id="bo-blocks" title={t('blocks.title')} lead={t('blocks.lead')}>
      <NoticeLine notice={desk.notice} />
      {manage ? (
        <RuleForm
          editing={desk.editing}
          names={{
            add: t('blocks.add'),
            edit: (id) => t('blocks.editRule', { id }),
            save: t('blocks.save'),
          }}
          onSubmit={() => void desk.save({ ...draft, pattern: draft.pattern.trim() }, t('blocks.saved'))}
          onCancel={desk.reset}
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
        </RuleForm>
      ) : null}
      <DataTable
        rows={desk.rows}
        empty={t('blocks.empty')}
        testId="block-rules"
        columns={[
          { label: t('blocks.kind') },
          { label: t('blocks.pattern') },
          { label: t('blocks.reason') },
          { label: t('blocks.active') },
          { label: t('blocks.note') },
          manage && { label: t('actions') },
        ]}
        row={(r) => (
          <tr key={r.id}>
            <td>{t(`blocks.kinds.${r.kind}`)}</td>
            <td>
              <code>{r.pattern}</code>
            </td>
            <td>{t(`blocks.reasons.${r.templateTypeId}`)}</td>
            <td>{r.isActive ? t('blocks.yes') : t('blocks.no')}</td>
            <td>{r.note}</td>
            {manage ? (
              <EditRemoveCell
                edit={t('blocks.edit')}
                remove={t('blocks.remove')}
                removeLabel={t('blocks.removeRule', { pattern: r.pattern })}
                onEdit={() =>
                  desk.edit(r.id, {
                    kind: r.kind,
                    pattern: r.pattern,
                    templateTypeId: r.templateTypeId,
                    isActive: r.isActive,
                    note: r.note,
                  })
                }
                onRemove={() => void desk.remove(r.id, t('blocks.removed'))}
              />
            ) : null}
          </tr>
        )}
      />
    </Panel>
  );
}
