/**
 * Cash-out of one open bet: the current offer with its fair value and the margin taken, the part of
 * the stake to cash out (all of it, or a share from a slider; multiple singles only whole), the
 * confirmation, and the automatic cash-out value. The quote follows the prices every few seconds
 * while the panel is open; a lower offer at confirmation shows the new one instead of paying it.
 */
import {
  type Bet,
  type CashoutQuote,
  cashOut,
  MULTIPLE_SINGLES,
  newIdempotencyKey,
  partialOfferMinor,
  quoteCashout,
  setAutoCashout,
} from '@parlay/client/bets-api.ts';
import { formatAmount, parseAmount } from '@parlay/domain/money/amount.ts';
import { formatNumber } from '@parlay/i18n/format.ts';
import { useLanguage, useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { Button, Field, Figures, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styles from './Bets.module.css';
import { money } from './bet-text.ts';

const QUOTE_REFRESH_MS = 5000;

type Message = { kind: 'status' | 'alert'; text: string } | null;

function useQuote(betId: string, active: boolean) {
  const [quote, setQuote] = useState<CashoutQuote | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    const answer = await quoteCashout(betId);
    setFailed(!answer.ok);
    if (answer.ok) setQuote(answer.data);
    return answer.ok ? answer.data : null;
  }, [betId]);
  useEffect(() => {
    if (!active) return;
    void refresh();
    const timer = setInterval(() => void refresh(), QUOTE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, refresh]);
  return { quote, failed, refresh };
}

/** The stake part for a share in percent, in minor units (whole stake at 100). */
function partOf(stakeMinor: string, percent: number): string {
  return ((BigInt(stakeMinor) * BigInt(percent)) / 100n).toString();
}

/** onDone(notice): the bet changed (reload it); notice, when given, is the result to announce. */
export function CashoutPanel({ bet, onDone }: { bet: Bet; onDone: (notice?: string) => void }) {
  const t = useT('office');
  const lng = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [percent, setPercent] = useState(100);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const key = useRef<string | null>(null);
  const { quote, failed, refresh } = useQuote(bet.id, open);
  const partial = bet.typeId !== MULTIPLE_SINGLES;
  const stake = quote?.stakeMinor ?? bet.stakeMinor;
  const part = percent >= 100 ? stake : partOf(stake, percent);
  const offer = quote ? partialOfferMinor(quote.offerMinor, stake, part) : null;

  const confirm = async () => {
    if (!quote || offer === null) return;
    setBusy(true);
    key.current ??= newIdempotencyKey();
    const whole = percent >= 100;
    const answer = await cashOut(
      bet.id,
      { ...(whole ? {} : { stakeMinor: part }), expectedMinor: offer },
      key.current,
    );
    setBusy(false);
    key.current = null;
    if (answer.ok) {
      setOpen(false);
      setPercent(100);
      void loadAccounts();
      onDone(
        t(answer.data.status === 'cashed_out' ? 'bets.cashout.done' : 'bets.cashout.done_part', {
          amount: money(answer.data.paidMinor, bet.currency, lng),
          id: bet.id,
        }),
      );
      return;
    }
    const code = answer.error?.code ?? '';
    if (code === 'CASHOUT_PRICE_CHANGED') {
      const fresh = await refresh();
      const now = fresh
        ? partialOfferMinor(fresh.offerMinor, fresh.stakeMinor, whole ? fresh.stakeMinor : part)
        : null;
      setMessage({
        kind: 'alert',
        text: t('bets.cashout.changed', { amount: money(now, bet.currency, lng) }),
      });
    } else {
      setMessage({
        kind: 'alert',
        text: t(code === 'CASHOUT_UNAVAILABLE' ? 'bets.cashout.unavailable' : 'bets.error'),
      });
      void refresh();
    }
  };

  return (
    <div className={styles.cashout}>
      {message ? (
        <p role={message.kind} className={message.kind === 'alert' ? styles.errorText : styles.okText}>
          {message.text}
        </p>
      ) : null}
      <Button
        size="sm"
        variant={open ? 'secondary' : 'primary'}
        aria-expanded={open}
        aria-controls={`${id}-cashout`}
        onClick={() => {
          setOpen(!open);
          setMessage(null);
        }}
      >
        {open ? t('bets.cashout.close') : t('bets.cashout.open')}
      </Button>
      {open ? (
        <section
          id={`${id}-cashout`}
          className={styles.cashoutBox}
          aria-label={t('bets.cashout.title', { id: bet.id })}
        >
          {quote === null ? (
            failed ? (
              <p role="alert" className={styles.errorText}>
                {t('bets.error')}
              </p>
            ) : (
              <Skeleton height="4rem" />
            )
          ) : !quote.isAvailable ? (
            <p className={styles.muted}>{t('bets.cashout.unavailable')}</p>
          ) : (
            <>
              <Figures className={styles.quote}>
                <div>
                  <dt>{t('bets.cashout.offer')}</dt>
                  <dd className={styles.big} data-testid="cashout-offer">
                    {money(offer, bet.currency, lng)}
                  </dd>
                </div>
                <div>
                  <dt>{t('bets.cashout.fair')}</dt>
                  <dd>{money(partialOfferMinor(quote.fairValueMinor, stake, part), bet.currency, lng)}</dd>
                </div>
                <div>
                  <dt>{t('bets.cashout.margin')}</dt>
                  <dd>
                    {t('bets.cashout.margin_value', {
                      percent: formatNumber(quote.marginBasisPoints / 100, lng, { upTo: 2 }),
                      amount: money(partialOfferMinor(quote.marginMinor, stake, part), bet.currency, lng),
                    })}
                  </dd>
                </div>
              </Figures>
              {partial ? (
                <label className={styles.slider}>
                  <span>
                    {t('bets.cashout.part', {
                      part: money(part, bet.currency, lng),
                      stake: money(stake, bet.currency, lng),
                    })}
                  </span>
                  <input
                    type="range"
                    min={1}
                    max={100}
                    step={1}
                    value={percent}
                    aria-valuetext={`${percent} %`}
                    onChange={(e) => setPercent(Number(e.target.value))}
                  />
                </label>
              ) : (
                <p className={styles.muted}>{t('bets.cashout.whole_only')}</p>
              )}
              <div className={styles.actions}>
                <Button variant="primary" disabled={busy || offer === '0'} onClick={() => void confirm()}>
                  {busy
                    ? t('bets.cashout.busy')
                    : t(percent >= 100 ? 'bets.cashout.confirm' : 'bets.cashout.confirm_part', {
                        amount: money(offer, bet.currency, lng),
                      })}
                </Button>
              </div>
            </>
          )}
          <AutoCashout bet={bet} onDone={onDone} />
        </section>
      ) : null}
    </div>
  );
}

function AutoCashout({ bet, onDone }: { bet: Bet; onDone: (notice?: string) => void }) {
  const t = useT('office');
  const lng = useLanguage();
  const scaleText = (minor: string | null) =>
    minor === null ? '' : formatAmount(BigInt(minor), bet.currency);
  const inputId = useId();
  const [text, setText] = useState(scaleText(bet.autoCashoutMinor));
  const [message, setMessage] = useState<Message>(null);
  const save = async (value: string | null) => {
    const answer = await setAutoCashout(bet.id, value);
    if (!answer.ok) {
      setMessage({ kind: 'alert', text: t('bets.error') });
      return;
    }
    setMessage({
      kind: 'status',
      text:
        value === null
          ? t('bets.auto.off_done')
          : t('bets.auto.saved', { amount: money(value, bet.currency, lng) }),
    });
    if (value === null) setText('');
    onDone();
  };
  const submit = () => {
    let minor: bigint;
    try {
      minor = parseAmount(text, bet.currency);
    } catch {
      setMessage({ kind: 'alert', text: t('bets.auto.invalid') });
      return;
    }
    if (minor <= 0n) {
      setMessage({ kind: 'alert', text: t('bets.auto.invalid') });
      return;
    }
    void save(minor.toString());
  };
  return (
    <form
      className={styles.auto}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field className={styles.field}>
        <label htmlFor={`${inputId}-auto`}>{t('bets.auto.label', { currency: bet.currency })}</label>
        <input
          id={`${inputId}-auto`}
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <Button type="submit" size="sm">
        {t('bets.auto.save')}
      </Button>
      {bet.autoCashoutMinor !== null ? (
        <Button size="sm" variant="ghost" onClick={() => void save(null)}>
          {t('bets.auto.off')}
        </Button>
      ) : null}
      <p className={styles.muted}>
        {bet.autoCashoutMinor === null
          ? t('bets.auto.none')
          : t('bets.auto.current', { amount: money(bet.autoCashoutMinor, bet.currency, lng) })}
      </p>
      {message ? (
        <p role={message.kind} className={message.kind === 'alert' ? styles.errorText : styles.okText}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
