/**
 * One market on the trading desk: its prices (the operator's override beside the feed's price, and
 * the margin the prices imply), its maximum stake, and result entry or correction: choose each
 * outcome's result, see what it settles (bets, stakes, payouts per currency), give a reason and
 * confirm. A correction made from a stale view is refused by the server and the desk reloads.
 */
import { impliedMargin } from '@parlay/domain/sportsbook/implied-margin.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, TextField } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { type Answer, call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useDeskQuery, useErrorText, useNotice } from './desk.tsx';
import { RiskFactorControl } from './RiskFactorControl.tsx';
import own from './Trading.module.css';
import { type MarketBook, oddsText, RESULT_CODES, type SettlementPreview } from './trading-api.ts';

export function MarketDesk({
  marketId,
  me,
  lng,
  onChanged,
}: {
  marketId: string;
  me: Me;
  lng: string;
  onChanged(): void;
}) {
  const t = useT('backoffice');
  const { data: book, reload: load } = useDeskQuery<MarketBook>(`/trading/markets/${marketId}?lang=${lng}`);
  const { notice, report } = useNotice();
  const done = async (answer: Answer<unknown>, success: string) => {
    report(answer, success);
    await load();
    onChanged();
  };
  if (!book) return <p className={styles.muted}>{t('loading')}</p>;
  return (
    <Panel
      id="bo-market"
      title={
        <>
          {book.gameLabel} · {book.marketLabel}
        </>
      }
      testId="market-desk"
    >
      <NoticeLine notice={notice} />
      <Prices book={book} mayManage={me.actions.includes('trading.manage')} onDone={done} />
      {me.actions.includes('trading.manage') ? <MaxStake book={book} onDone={done} /> : null}
      {me.actions.includes('results.manage') ? <ResultEntry book={book} onDone={done} /> : null}
      <RiskFactorControl me={me} scope="market" targetId={book.marketId} />
      <RiskFactorControl me={me} scope="sport" targetId={String(book.sportId)} />
    </Panel>
  );
}

type Done = (answer: Answer<unknown>, success: string) => Promise<void>;

function Prices({ book, mayManage, onDone }: { book: MarketBook; mayManage: boolean; onDone: Done }) {
  const t = useT('backoffice');
  const format = useFormat();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const draftMilli = (id: string) => Math.round(Number(drafts[id]) * 1000);
  const valid = (id: string) => /^\d+(\.\d{1,3})?$/.test(drafts[id] ?? '') && draftMilli(id) >= 1010;
  const margin = (m: number | null | undefined) =>
    m === null || m === undefined
      ? t('trading.noMargin')
      : t('trading.marginValue', { value: format.number(m * 100, { fractionDigits: 2 }) });
  const proposed = impliedMargin(
    book.outcomes
      .filter((o) => o.state === 'open')
      .map((o) => (valid(o.id) ? draftMilli(o.id) : o.oddsMilli)),
  );
  return (
    <div className={own.block}>
      <p>
        {t('trading.margin')}: <span data-testid="market-margin">{margin(book.margin)}</span>
        {Object.keys(drafts).some(valid) ? ` → ${margin(proposed)}` : ''}
      </p>
      <DataTable
        rows={book.outcomes}
        testId="market-prices"
        columns={[
          { label: t('trading.outcome') },
          { label: t('trading.price'), num: true },
          { label: t('trading.feedPrice'), num: true },
          { label: t('trading.state') },
          mayManage && { label: t('trading.override') },
        ]}
        row={(o) => (
          <tr key={o.id} data-testid={`outcome-${o.id}`}>
            <td>{o.label}</td>
            <td className={styles.num}>{oddsText(o.oddsMilli)}</td>
            <td className={styles.num}>{o.feedOddsMilli === null ? '—' : oddsText(o.feedOddsMilli)}</td>
            <td>{o.result ? t(`trading.results.${o.result}`) : t(`trading.states.${o.state}`)}</td>
            {mayManage ? (
              <td>
                <form
                  className={styles.inlineForm}
                  onSubmit={async (e) => {
                    e.preventDefault();
                    if (!valid(o.id)) return;
                    const answer = await post(`/trading/outcomes/${o.id}/price`, {
                      oddsMilli: draftMilli(o.id),
                    });
                    setDrafts(({ [o.id]: _, ...rest }) => rest);
                    await onDone(
                      answer,
                      t('trading.priceSet', { outcome: o.label, odds: oddsText(draftMilli(o.id)) }),
                    );
                  }}
                >
                  <TextField
                    label={t('trading.newPrice', { outcome: o.label })}
                    inputMode="decimal"
                    value={drafts[o.id] ?? ''}
                    onChange={(e) =>
                      setDrafts({ ...drafts, [o.id]: e.target.value.trim().replace(',', '.') })
                    }
                  />
                  <Button type="submit" size="sm" disabled={!valid(o.id) || o.state === 'resulted'}>
                    {t('trading.setPrice')}
                  </Button>
                  {o.feedOddsMilli !== null ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={async () =>
                        onDone(
                          await post(`/trading/outcomes/${o.id}/price`, { oddsMilli: null }),
                          t('trading.priceCleared', { outcome: o.label }),
                        )
                      }
                    >
                      {t('trading.clearPrice')}
                    </Button>
                  ) : null}
                </form>
              </td>
            ) : null}
          </tr>
        )}
      />
    </div>
  );
}

function MaxStake({ book, onDone }: { book: MarketBook; onDone: Done }) {
  const t = useT('backoffice');
  const [value, setValue] = useState(book.maxStakeMinor ?? '');
  const ok = /^[1-9]\d{0,17}$/.test(value);
  return (
    <form
      className={`${styles.inlineForm} ${own.block}`}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!ok) return;
        await onDone(
          await call(`/trading/markets/${book.marketId}/max-stake`, {
            method: 'PUT',
            body: { maxStakeMinor: value },
          }),
          t('trading.maxStakeSet'),
        );
      }}
    >
      <TextField
        label={t('trading.maxStake')}
        hint={t('trading.maxStakeHint')}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value.trim())}
      />
      <Button type="submit" size="sm" disabled={!ok}>
        {t('trading.setMaxStake')}
      </Button>
      {book.maxStakeMinor !== null ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={async () =>
            onDone(
              await call(`/trading/markets/${book.marketId}/max-stake`, {
                method: 'PUT',
                body: { maxStakeMinor: null },
              }),
              t('trading.maxStakeRemoved'),
            )
          }
        >
          {t('trading.removeMaxStake')}
        </Button>
      ) : null}
    </form>
  );
}

function ResultEntry({ book, onDone }: { book: MarketBook; onDone: Done }) {
  const t = useT('backoffice');
  const errorText = useErrorText();
  const format = useFormat();
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(book.outcomes.map((o) => [o.id, o.result ?? ''])),
  );
  const [preview, setPreview] = useState<SettlementPreview | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const complete = book.outcomes.every((o) => chosen[o.id]);
  const results = book.outcomes.map((o) => ({ outcomeId: o.id, result: chosen[o.id] }));
  const correcting = book.state === 'resulted';
  return (
    <form
      className={own.block}
      aria-labelledby="bo-result"
      onSubmit={async (e) => {
        e.preventDefault();
        const answer = await post(`/trading/markets/${book.marketId}/result`, {
          version: book.version,
          results,
          reason: reason.trim(),
        });
        setPreview(null);
        setReason('');
        await onDone(answer, t('trading.resultSaved'));
      }}
    >
      <h3 id="bo-result" className={styles.subheading}>
        {correcting ? t('trading.correctResult') : t('trading.enterResult')}
      </h3>
      <div className={own.results}>
        {book.outcomes.map((o) => (
          <SelectField
            key={o.id}
            label={o.label}
            value={chosen[o.id]}
            onChange={(e) => {
              setChosen({ ...chosen, [o.id]: e.target.value });
              setPreview(null);
            }}
          >
            <option value="">{t('trading.chooseResult')}</option>
            {RESULT_CODES.map((r) => (
              <option key={r} value={r}>
                {t(`trading.results.${r}`)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <div className={styles.buttons}>
        <Button
          disabled={!complete}
          onClick={async () => {
            const answer = await post<SettlementPreview>(`/trading/markets/${book.marketId}/result-preview`, {
              results,
            });
            if (answer.ok) {
              setPreview(answer.data);
              setError(null);
            } else setError(errorText(answer.code));
          }}
        >
          {t('trading.preview')}
        </Button>
      </div>
      {error ? <Message kind="error">{error}</Message> : null}
      {preview ? (
        <div className={styles.confirm} data-testid="result-preview">
          <p>{t('trading.previewSummary', { count: preview.settling, total: preview.bets })}</p>
          <ul>
            {preview.totals.map((x) => (
              <li key={x.currency}>
                {t('trading.previewTotals', {
                  count: x.bets,
                  stake: format.money(x.stakeMinor, x.currency),
                  payout: format.money(x.payoutMinor, x.currency),
                  before: format.money(x.paidBeforeMinor, x.currency),
                })}
              </li>
            ))}
          </ul>
          <TextField
            label={t('trading.reason')}
            value={reason}
            minLength={3}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button type="submit" variant="primary" disabled={reason.trim().length < 3}>
            {correcting ? t('trading.confirmCorrection') : t('trading.confirmResult')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
