/**
 * The bonus campaigns section: campaigns newest first with their state (active, paused, scheduled,
 * ended), trigger, reward and what they did (bonuses granted, active, converted, forfeited, the
 * money granted and converted per currency, the budget spent); a campaign's form to create or change
 * it (BonusForm), and pause, resume and end (end asks first). Changing needs bonuses.manage.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import b from './Bonus.module.css';
import { BonusForm } from './BonusForm.tsx';
import { ConfirmBox } from './ConfirmBox.tsx';
import { DataTable } from './DataTable.tsx';
import { Panel, useDeskQuery, useErrorText } from './desk.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

interface CampaignRow {
  id: string;
  code: string;
  state: 'active' | 'paused' | 'scheduled' | 'ended';
  status: 'active' | 'paused';
  trigger: string;
  category: string;
  title: Record<string, string>;
  rewardKind: string;
  spentMinor: string;
  budgetMinor: string | null;
  definition: Record<string, unknown>;
  figures: {
    granted: number;
    active: number;
    converted: number;
    forfeited: number;
    used: number;
    money: { currency: string; grantedMinor: string; convertedMinor: string; forfeitedMinor: string }[];
  };
}

export function BonusSection({ me, lng }: { me: Me; lng: string }) {
  const t = useT('backoffice');
  const format = useFormat();
  const errorText = useErrorText();
  const manage = me.actions.includes('bonuses.manage');
  const { data, reload: load } = useDeskQuery<{ campaigns: CampaignRow[] }>('/bonuses/campaigns');
  const [editing, setEditing] = useState<CampaignRow | 'new' | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const act = async (c: CampaignRow, action: 'pause' | 'resume' | 'end') => {
    const answer = await post(`/bonuses/campaigns/${c.code}/${action}`);
    leaveIfSignedOut(answer);
    setEnding(null);
    setError(answer.ok ? null : errorText(answer.code));
    setNotice(answer.ok ? t(`bonusDesk.done.${action}`, { code: c.code }) : null);
    await load();
  };

  const titleOf = (c: CampaignRow) => c.title[lng] || c.title.en || c.code;

  if (editing !== null)
    return (
      <section className={styles.panel}>
        <BonusForm
          initial={editing === 'new' ? null : editing.definition}
          onCancel={() => setEditing(null)}
          onDone={(code) => {
            setNotice(t(editing === 'new' ? 'bonusDesk.done.create' : 'bonusDesk.done.update', { code }));
            setError(null);
            setEditing(null);
            void load();
          }}
        />
      </section>
    );

  return (
    <Panel id="bo-bonuses" title={t('bonusDesk.title')} lead={t('bonusDesk.lead')}>
      {manage ? (
        <div className={styles.inlineForm}>
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('bonusDesk.new')}
          </Button>
        </div>
      ) : null}
      <div aria-live="polite">
        {error ? <Message kind="error">{error}</Message> : null}
        {notice ? <Message kind="success">{notice}</Message> : null}
      </div>
      <DataTable
        rows={data?.campaigns}
        empty={t('bonusDesk.empty')}
        testId="bonus-campaigns"
        columns={[
          { label: t('bonusDesk.campaign') },
          { label: t('bonusDesk.state') },
          { label: t('bonusDesk.fields.trigger') },
          { label: t('bonusDesk.fields.rewardKind') },
          { label: t('bonusDesk.granted'), num: true },
          { label: t('bonusDesk.active'), num: true },
          { label: t('bonusDesk.converted'), num: true },
          { label: t('bonusDesk.forfeited'), num: true },
          { label: t('bonusDesk.cost'), num: true },
          manage && { label: t('actions') },
        ]}
        row={(c) => (
          <tr key={c.id} data-testid={`campaign-${c.code}`}>
            <td>
              <strong>{titleOf(c)}</strong>
              <br />
              <code>{c.code}</code>
            </td>
            <td>
              <span className={b.state} data-state={c.state}>
                {t(`bonusDesk.states.${c.state}`)}
              </span>
            </td>
            <td>{t(`bonusDesk.triggers.${c.trigger}`)}</td>
            <td>{t(`bonusDesk.rewards.${c.rewardKind}`)}</td>
            <td className={styles.num}>{format.number(c.figures.granted)}</td>
            <td className={styles.num}>{format.number(c.figures.active)}</td>
            <td className={styles.num}>{format.number(c.figures.converted)}</td>
            <td className={styles.num}>{format.number(c.figures.forfeited)}</td>
            <td className={styles.num}>
              {c.figures.money.length === 0 ? (
                '—'
              ) : (
                <ul className={b.money}>
                  {c.figures.money.map((m) => (
                    <li key={m.currency}>
                      {t('bonusDesk.grantedMoney', {
                        amount: format.money(BigInt(m.grantedMinor), m.currency),
                      })}
                      <br />
                      {t('bonusDesk.convertedMoney', {
                        amount: format.money(BigInt(m.convertedMinor), m.currency),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </td>
            {manage ? (
              <td className={b.actionsCell}>
                {ending === c.code ? (
                  <ConfirmBox
                    question={t('bonusDesk.confirmEnd', { title: titleOf(c), count: c.figures.active })}
                    confirm={t('bonusDesk.end')}
                    onConfirm={() => void act(c, 'end')}
                    onCancel={() => setEnding(null)}
                    cancelVariant="ghost"
                  />
                ) : (
                  <div className={b.actionButtons}>
                    <Button
                      size="sm"
                      onClick={() => setEditing(c)}
                      aria-label={t('bonusDesk.editOf', { code: c.code })}
                    >
                      {t('bonusDesk.edit')}
                    </Button>
                    {c.state === 'ended' ? null : c.status === 'active' ? (
                      <Button
                        size="sm"
                        onClick={() => void act(c, 'pause')}
                        aria-label={t('bonusDesk.pauseOf', { code: c.code })}
                      >
                        {t('bonusDesk.pause')}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        onClick={() => void act(c, 'resume')}
                        aria-label={t('bonusDesk.resumeOf', { code: c.code })}
                      >
                        {t('bonusDesk.resume')}
                      </Button>
                    )}
                    {c.state === 'ended' ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setEnding(c.code)}
                        aria-label={t('bonusDesk.endOf', { code: c.code })}
                      >
                        {t('bonusDesk.end')}
                      </Button>
                    )}
                  </div>
                )}
              </td>
            ) : null}
          </tr>
        )}
      />
    </Panel>
  );
}
