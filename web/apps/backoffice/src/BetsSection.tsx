/**
 * Bet search (player, game, market, stake range in minor units, state, placing time; newest
 * first, 50 a page with a cursor) and a bet's detail: its legs, settlement versions and ledger
 * transfers, with voiding the bet or a leg (a reason, then the settlement path).
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, Table, TextField } from '@parlay/ui/index.ts';
import { useCallback, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';
import own from './Trading.module.css';
import { BET_STATES, type BetDetailView, type BetRow, type Notice, oddsText } from './trading-api.ts';

const FIELDS = ['userId', 'gameId', 'marketId', 'minStake', 'maxStake'] as const;

function queryOf(filter: Record<string, string>, before: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (!v) continue;
    params.set(k, k === 'from' || k === 'to' ? new Date(v).toISOString() : v);
  }
  if (before) params.set('before', before);
  return params.toString();
}

export function BetsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const format = useFormat();
  const when = useDateTime();
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<{ bets: BetRow[]; next: string | null } | null>(null);
  const [detail, setDetail] = useState<BetDetailView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const search = useCallback(
    async (before: string | null) => {
      const answer = await call<{ bets: BetRow[]; next: string | null }>(`/bets?${queryOf(filter, before)}`);
      leaveIfSignedOut(answer);
      if (answer.ok) {
        setPage(answer.data);
        setError(null);
      } else setError(errorMessage(te, t, answer.code));
    },
    [filter, t, te],
  );
  const open = async (id: string) => {
    const answer = await call<BetDetailView>(`/bets/${id}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setDetail(answer.data);
  };

  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="bo-bets">
        <h2 id="bo-bets" className={styles.subheading}>
          {t('bets.title')}
        </h2>
        <form
          className={styles.inlineForm}
          onSubmit={(e) => {
            e.preventDefault();
            setPages([null]);
            void search(null);
          }}
        >
          {FIELDS.map((f) => (
            <TextField
              key={f}
              label={t(`bets.${f}`)}
              inputMode="numeric"
              pattern="[0-9]*"
              value={filter[f] ?? ''}
              onChange={(e) => setFilter({ ...filter, [f]: e.target.value.trim() })}
            />
          ))}
          <SelectField
            label={t('bets.status')}
            value={filter.status ?? ''}
            onChange={(e) => setFilter({ ...filter, status: e.target.value })}
          >
            <option value="">{t('bets.anyStatus')}</option>
            {BET_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`bets.states.${s}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('bets.from')}
            type="datetime-local"
            value={filter.from ?? ''}
            onChange={(e) => setFilter({ ...filter, from: e.target.value })}
          />
          <TextField
            label={t('bets.to')}
            type="datetime-local"
            value={filter.to ?? ''}
            onChange={(e) => setFilter({ ...filter, to: e.target.value })}
          />
          <Button type="submit" variant="primary">
            {t('bets.search')}
          </Button>
        </form>
        {error ? <Message kind="error">{error}</Message> : null}
        {page ? (
          page.bets.length === 0 ? (
            <p className={styles.muted}>{t('bets.empty')}</p>
          ) : (
            <div className={styles.tableWrap}>
              <Table className={styles.table} data-testid="bets">
                <thead>
                  <tr>
                    <th scope="col">{t('bets.id')}</th>
                    <th scope="col">{t('bets.player')}</th>
                    <th scope="col" className={styles.num}>
                      {t('bets.stake')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('bets.odds')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('bets.payout')}
                    </th>
                    <th scope="col">{t('bets.status')}</th>
                    <th scope="col">{t('bets.placed')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.bets.map((b) => (
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
                  ))}
                </tbody>
              </Table>
            </div>
          )
        ) : null}
        {page ? (
          <div className={styles.buttons}>
            <Button
              size="sm"
              disabled={pages.length < 2}
              onClick={() => {
                const previous = pages.slice(0, -1);
                setPages(previous);
                void search(previous.at(-1) ?? null);
              }}
            >
              {t('bets.previous')}
            </Button>
            <Button
              size="sm"
              disabled={!page.next}
              onClick={() => {
                setPages([...pages, page.next]);
                void search(page.next);
              }}
            >
              {t('bets.next')}
            </Button>
          </div>
        ) : null}
      </section>
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
  const te = useT('errors');
  const format = useFormat();
  const when = useDateTime();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const { bet } = detail;
  const voidThem = async (positions: number[] | null) => {
    const answer = await post(`/bets/${bet.id}/void`, {
      reason: reason.trim(),
      ...(positions ? { positions } : {}),
    });
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok
        ? { kind: 'success', text: t('bets.voided') }
        : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    setReason('');
    onChanged();
  };
  const open = ['accepted', 'won', 'lost', 'void'].includes(bet.status);
  return (
    <section className={styles.panel} aria-labelledby="bo-bet" data-testid="bet-detail">
      <h2 id="bo-bet" className={styles.subheading}>
        {t('bets.detailTitle', { id: bet.id })}
      </h2>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
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
      <div className={styles.tableWrap}>
        <Table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('bets.game')}</th>
              <th scope="col">{t('bets.market')}</th>
              <th scope="col" className={styles.num}>
                {t('bets.odds')}
              </th>
              <th scope="col">{t('bets.result')}</th>
              {mayVoid && open ? (
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t('actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {detail.legs.map((l) => (
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
            ))}
          </tbody>
        </Table>
      </div>
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
