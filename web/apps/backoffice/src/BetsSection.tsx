/**
 * Bet search (player, game, market, stake range in minor units, state, placing time; newest
 * first, 50 a page with a cursor) and a bet's detail: its legs, settlement versions and ledger
 * transfers, with voiding the bet or a leg (a reason, then the settlement path).
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, TextField } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useErrorText, useNotice } from './desk.tsx';
import {
  AnySelect,
  cursorQuery,
  FilterForm,
  NumbersAndTimeFields,
  Pager,
  type SearchFilter,
  useCursorPages,
} from './FilterForm.tsx';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import own from './Trading.module.css';
import { BET_STATES, type BetDetailView, type BetRow, oddsText } from './trading-api.ts';

const FIELDS = ['userId', 'gameId', 'marketId', 'minStake', 'maxStake'] as const;

export function BetsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<SearchFilter>({});
  const [page, setPage] = useState<{ bets: BetRow[]; next: string | null } | null>(null);
  const [detail, setDetail] = useState<BetDetailView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const search = async (before: string | null) => {
    const answer = await call<{ bets: BetRow[]; next: string | null }>(
      `/bets?${cursorQuery(filter, before)}`,
    );
    leaveIfSignedOut(answer);
    if (answer.ok) {
      setPage(answer.data);
      setError(null);
    } else setError(errorText(answer.code));
  };
  const pages = useCursorPages((before) => void search(before));
  const open = async (id: string) => {
    const answer = await call<BetDetailView>(`/bets/${id}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setDetail(answer.data);
  };

  return (
    <div className={styles.stack}>
      <Panel id="bo-bets" title={t('bets.title')}>
        <FilterForm submit={t('bets.search')} onSearch={pages.first}>
          <NumbersAndTimeFields
            numeric={FIELDS}
            label={(f) => t(`bets.${f}`)}
            filter={filter}
            onChange={setFilter}
          >
            <AnySelect
              label={t('bets.status')}
              value={filter.status ?? ''}
              any={t('bets.anyStatus')}
              options={BET_STATES.map((s) => ({ value: s, text: t(`bets.states.${s}`) }))}
              onChange={(status) => setFilter({ ...filter, status })}
            />
          </NumbersAndTimeFields>
        </FilterForm>
        {error ? <Message kind="error">{error}</Message> : null}
        {page ? (
          <DataTable
            rows={page.bets}
            empty={t('bets.empty')}
            testId="bets"
            columns={[
              { label: t('bets.id') },
              { label: t('bets.player') },
              { label: t('bets.stake'), num: true },
              { label: t('bets.odds'), num: true },
              { label: t('bets.payout'), num: true },
              { label: t('bets.status') },
              { label: t('bets.placed') },
            ]}
            row={(b) => (
              <tr key={b.id} data-testid={`bet-${b.id}`}>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void open(b.id)}
                    aria-label={t('bets.openLabel', { id: b.id })}
                  >
                    #{b.id}
                  </Button>
                </td>
                <td className={styles.num}>#{b.userId}</td>
                <td className={styles.num}>{format.money(b.stakeMinor, b.currency)}</td>
                <td className={styles.num}>{b.coefMilli ? oddsText(Number(b.coefMilli)) : '—'}</td>
                <td className={styles.num}>
                  {b.payoutMinor === null ? '—' : format.money(b.payoutMinor, b.currency)}
                </td>
                <td>{t(`bets.states.${b.status}`)}</td>
                <td className={styles.num}>{when(b.placedAt)}</td>
              </tr>
            )}
          />
        ) : null}
        {page ? (
          <Pager
            size="sm"
            previous={{ text: t('bets.previous'), disabled: !pages.hasPrevious, onClick: pages.previous }}
            next={{ text: t('bets.next'), disabled: !page.next, onClick: () => pages.next(page.next) }}
          />
        ) : null}
      </Panel>
      {detail ? (
        <BetDetail
          detail={detail}
          mayVoid={me.actions.includes('results.manage')}
          onChanged={() => void open(detail.bet.id)}
        />
      ) : null}
    </div>
  );
}

function BetDetail({
  detail,
  mayVoid,
  onChanged,
}: {
  detail: BetDetailView;
  mayVoid: boolean;
  onChanged(): void;
}) {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const [reason, setReason] = useState('');
  const { notice, report } = useNotice();
  const { bet } = detail;
  const voidThem = async (positions: number[] | null) => {
    const answer = await post(`/bets/${bet.id}/void`, {
      reason: reason.trim(),
      ...(positions ? { positions } : {}),
    });
    report(answer, t('bets.voided'));
    setReason('');
    onChanged();
  };
  const open = ['accepted', 'won', 'lost', 'void'].includes(bet.status);
  return (
    <section className={styles.panel} aria-labelledby="bo-bet" data-testid="bet-detail">
      <h2 id="bo-bet" className={styles.subheading}>
        {t('bets.detailTitle', { id: bet.id })}
      </h2>
      <NoticeLine notice={notice} />
      <dl className={styles.pairs}>
        <dt>{t('bets.player')}</dt>
        <dd>#{bet.userId}</dd>
        <dt>{t('bets.stake')}</dt>
        <dd>{format.money(bet.stakeMinor, bet.currency)}</dd>
        <dt>{t('bets.possibleWin')}</dt>
        <dd>{format.money(bet.possibleWinMinor, bet.currency)}</dd>
        <dt>{t('bets.status')}</dt>
        <dd>{t(`bets.states.${bet.status}`)}</dd>
      </dl>
      <h3 className={styles.subheading}>{t('bets.legs')}</h3>
      <DataTable
        rows={detail.legs}
        columns={[
          { label: t('bets.game') },
          { label: t('bets.market') },
          { label: t('bets.odds'), num: true },
          { label: t('bets.result') },
          mayVoid && open && { label: t('actions'), hidden: true },
        ]}
        row={(l) => (
          <tr key={l.position}>
            <td className={styles.num}>#{l.gameId}</td>
            <td className={styles.num}>#{l.marketId}</td>
            <td className={styles.num}>{oddsText(l.oddsMilli)}</td>
            <td>
              {l.result ? t(`trading.results.${l.result}`) : t('bets.noResult')}
              {l.voidReason ? ` · ${t('bets.voidedFor', { reason: l.voidReason })}` : ''}
            </td>
            {mayVoid && open ? (
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={reason.trim().length < 3 || l.voidReason !== null}
                  onClick={() => void voidThem([l.position])}
                >
                  {t('bets.voidLeg')}
                </Button>
              </td>
            ) : null}
          </tr>
        )}
      />
      {mayVoid && open ? (
        <div className={styles.inlineForm}>
          <TextField
            label={t('bets.voidReason')}
            value={reason}
            minLength={3}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button disabled={reason.trim().length < 3} onClick={() => void voidThem(null)}>
            {t('bets.voidBet')}
          </Button>
        </div>
      ) : null}
      <div className={own.detailGrid}>
        <div>
          <h3 className={styles.subheading}>{t('bets.settlements')}</h3>
          {detail.settlements.length === 0 ? (
            <p className={styles.muted}>{t('bets.noSettlements')}</p>
          ) : (
            <ul>
              {detail.settlements.map((s) => (
                <li key={s.version}>
                  {t('bets.settlementLine', {
                    version: s.version,
                    payout: format.money(s.payoutMinor, bet.currency),
                    at: when(s.settledAt),
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className={styles.subheading}>{t('bets.transfers')}</h3>
          <ul data-testid="bet-transfers">
            {detail.transfers.map((x) => (
              <li key={x.id}>
                #{x.id} · {x.reason}
                {x.reversesId ? ` · ${t('bets.reverses', { id: x.reversesId })}` : ''} · {when(x.createdAt)}
                <span className={own.sub}>
                  {x.postings
                    .map((p) => `${p.accountId}: ${format.money(p.amountMinor, p.currency)}`)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
