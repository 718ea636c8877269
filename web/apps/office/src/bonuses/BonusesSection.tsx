/**
 * The office bonus pages on the bonus engine (/web-api/bonuses/v1): active bonuses with their
 * wagering progress bar, amount, expiry countdown and forfeit after a confirmation, and the history
 * (office/bonuses/wager, office/bonuses/deposit); the promo code check and claim (office/promotion);
 * the points balance and the rewards shop (office/rewards). Progress changes arrive on /ws
 * ({type:'bonus'} on the player's user:<id> topic) and reload the list.
 */
import { getRealtime } from '@parlay/client/realtime.ts';
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime } from '@parlay/mf/clock.ts';
import { Button, Card, EmptyState, Skeleton } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call } from '../money/money-api.ts';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Bonuses.module.css';

const API = '/web-api/bonuses/v1';
const ROUTES = new Set([
  'office-bonuses-deposit',
  'office-bonuses-wager',
  'office-promotion',
  'office-rewards',
]);

export function isBonusRoute(routeId: string): boolean {
  return ROUTES.has(routeId);
}

export interface BonusView {
  id: string;
  campaign: string;
  kind: string;
  status: string;
  currency: string;
  amountMinor: string;
  balanceMinor: string;
  requirementMinor: string;
  progressMinor: string;
  progressPercent: number;
  maxBetMinor: string;
  convertedMinor: string | null;
  forfeitedMinor: string | null;
  finishReason: string | null;
  spinsLeft: number | null;
  expiresAt: string;
  grantedAt: string;
  finishedAt: string | null;
  title?: Record<string, string>;
}

interface Offer {
  code: string;
  title: Record<string, string>;
}

const post = (path: string, body: unknown = {}) =>
  call<{ bonus: BonusView | null }>(path, { body, headers: { 'idempotency-key': crypto.randomUUID() } });

function textOf(texts: Record<string, string> | undefined, lng: string, fallback: string): string {
  if (!texts) return fallback;
  return texts[lng] ?? texts.en ?? Object.values(texts)[0] ?? fallback;
}

function useErrorText() {
  const t = useT('office-bonus');
  const te = useT('errors');
  return (code: string) => {
    const key = code.toLowerCase();
    const text = te(key);
    return text === key ? t(code === 'NETWORK' ? 'network' : 'failed') : text;
  };
}

/** Time left until `at` as days, hours and minutes, recomputed every 30 s. */
export function timeLeft(atIso: string, nowMs: number): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, new Date(atIso).getTime() - nowMs);
  const minutes = Math.floor(ms / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

function Countdown({ at }: { at: string }) {
  const t = useT('office-bonus');
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = timeLeft(at, now);
  return (
    <span data-testid="bonus-countdown">
      {t('expires_in', { days: String(left.days), hours: String(left.hours), minutes: String(left.minutes) })}
    </span>
  );
}

/** The engine's message on the player's topic: the bonus's state after a change. */
export interface BonusMessage {
  type: 'bonus';
  bonusId: string;
  status: string;
  progressMinor: string;
  requirementMinor: string;
}

function isBonusMessage(data: unknown): data is BonusMessage {
  const m = data as Partial<BonusMessage> | null;
  return (
    m?.type === 'bonus' &&
    typeof m.bonusId === 'string' &&
    typeof m.progressMinor === 'string' &&
    typeof m.requirementMinor === 'string'
  );
}

function useUserTopic(onBonus: (message: BonusMessage) => void) {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void call<{ result?: { user_id?: number | string } }>('/web-api/user/config').then((answer) => {
      const userId = answer.ok ? answer.data.result?.user_id : undefined;
      if (cancelled || userId === undefined || typeof WebSocket === 'undefined') return;
      stop = getRealtime().subscribe(`user:${userId}`, (data) => {
        if (isBonusMessage(data)) onBonus(data);
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [onBonus]);
}

/**
 * A loaded bonus with the newest pushed progress: a message can arrive before its change is
 * readable (it is published as the wager's transaction ends), and progress only rises while a
 * bonus is active, so the larger of the two is the current one.
 */
export function withPushed(bonus: BonusView, pushed: BonusMessage | undefined): BonusView {
  if (!pushed || pushed.bonusId !== bonus.id) return bonus;
  let progress: bigint;
  let requirement: bigint;
  try {
    progress = BigInt(pushed.progressMinor);
    requirement = BigInt(pushed.requirementMinor);
  } catch {
    return bonus;
  }
  if (progress <= BigInt(bonus.progressMinor) || requirement <= 0n) return bonus;
  const capped = progress > requirement ? requirement : progress;
  return {
    ...bonus,
    progressMinor: capped.toString(),
    requirementMinor: requirement.toString(),
    progressPercent: Number((capped * 10_000n) / requirement) / 100,
  };
}

/** One active bonus: facts, the wagering progress bar, forfeit after a confirmation. */
export function ActiveBonus({
  bonus,
  lng,
  onChanged,
}: {
  bonus: BonusView;
  lng: string;
  onChanged: () => void;
}) {
  const t = useT('office-bonus');
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = (minor: string) => formatMoney(minor, bonus.currency, lng);
  const title = textOf(bonus.title, lng, bonus.campaign);
  const percent = Math.min(100, Math.max(0, Math.floor(bonus.progressPercent)));
  const forfeit = async () => {
    setBusy(true);
    const answer = await post(`${API}/my/${bonus.id}/forfeit`);
    setBusy(false);
    if (answer.ok) onChanged();
    else setError(errorText(answer.code));
  };
  return (
    <Card as="li" className={styles.bonus} data-testid="bonus-active" data-bonus={bonus.id}>
      <div className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        <span className={styles.kind}>{t(`kind.${bonus.kind}`)}</span>
      </div>
      <dl className={styles.facts}>
        <dt>{t('amount')}</dt>
        <dd>{money(bonus.amountMinor)}</dd>
        <dt>{t('balance')}</dt>
        <dd>{money(bonus.balanceMinor)}</dd>
        {bonus.spinsLeft !== null ? (
          <>
            <dt>{t('spins_left')}</dt>
            <dd>{bonus.spinsLeft}</dd>
          </>
        ) : null}
        {bonus.maxBetMinor !== '0' ? (
          <>
            <dt>{t('max_bet')}</dt>
            <dd>{money(bonus.maxBetMinor)}</dd>
          </>
        ) : null}
        <dt>{t('expires')}</dt>
        <dd>
          <Countdown at={bonus.expiresAt} />
        </dd>
      </dl>
      {bonus.requirementMinor !== '0' ? (
        <div className={styles.progress}>
          <div className={styles.progressLabel} id={`bonus-progress-${bonus.id}`}>
            {t('wagering')}
          </div>
          <div
            role="progressbar"
            aria-labelledby={`bonus-progress-${bonus.id}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('progress_text', {
              done: money(bonus.progressMinor),
              total: money(bonus.requirementMinor),
              percent: String(percent),
            })}
            className={styles.bar}
            data-testid="bonus-progress"
          >
            <div className={styles.fill} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.muted}>
            {t('progress_text', {
              done: money(bonus.progressMinor),
              total: money(bonus.requirementMinor),
              percent: String(percent),
            })}
          </p>
        </div>
      ) : null}
      {confirming ? (
        <div className={styles.confirm} role="alertdialog" aria-labelledby={`forfeit-${bonus.id}`}>
          <p id={`forfeit-${bonus.id}`}>{t('forfeit_confirm', { amount: money(bonus.balanceMinor) })}</p>
          <div className={styles.actions}>
            <Button onClick={forfeit} disabled={busy} data-testid="bonus-forfeit-confirm">
              {t('forfeit_yes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('forfeit_no')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="bonus-forfeit">
          {t('forfeit')}
        </Button>
      )}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </Card>
  );
}

function HistoryRow({ bonus, lng }: { bonus: BonusView; lng: string }) {
  const t = useT('office-bonus');
  const clock = useOfficeClock();
  const money = (minor: string) => formatMoney(minor, bonus.currency, lng);
  const result =
    bonus.convertedMinor !== null
      ? t('result.converted', { amount: money(bonus.convertedMinor) })
      : bonus.forfeitedMinor !== null
        ? t('result.forfeited', { amount: money(bonus.forfeitedMinor) })
        : '';
  return (
    <tr data-testid="bonus-history-row" data-status={bonus.status}>
      <td>{textOf(bonus.title, lng, bonus.campaign)}</td>
      <td>{money(bonus.amountMinor)}</td>
      <td>{t(`status.${bonus.status}`)}</td>
      <td>{result}</td>
      <td>{bonus.finishedAt ? formatDateTime(bonus.finishedAt, lng, clock) : ''}</td>
    </tr>
  );
}

function MyBonuses({ lng }: { lng: string }) {
  const t = useT('office-bonus');
  const errorText = useErrorText();
  const [active, setActive] = useState<BonusView[] | null>(null);
  const [history, setHistory] = useState<BonusView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    void Promise.all([
      call<{ bonuses: BonusView[] }>(`${API}/my`),
      call<{ bonuses: BonusView[] }>(`${API}/my/history?limit=50`),
    ]).then(([my, old]) => {
      if (my.ok) setActive(my.data.bonuses);
      else setError(errorText(my.code));
      if (old.ok) setHistory(old.data.bonuses);
    });
  }, []);
  useEffect(load, [load]);
  const [pushed, setPushed] = useState<Record<string, BonusMessage>>({});
  const onBonus = useCallback(
    (message: BonusMessage) => {
      setPushed((current) => ({ ...current, [message.bonusId]: message }));
      load();
    },
    [load],
  );
  useUserTopic(onBonus);
  if (error)
    return (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    );
  if (active === null) return <Skeleton height="10rem" />;
  return (
    <div className={styles.section} data-testid="office-bonuses">
      <h2 className={styles.subheading}>{t('active')}</h2>
      {active.length === 0 ? (
        <EmptyState
          title={t('none.title')}
          text={t('none.text')}
          action={{ label: t('none.action'), href: `/${lng}/promotions` }}
        />
      ) : (
        <ul className={styles.list}>
          {active.map((bonus) => (
            <ActiveBonus
              key={bonus.id}
              bonus={withPushed(bonus, pushed[bonus.id])}
              lng={lng}
              onChanged={load}
            />
          ))}
        </ul>
      )}
      <h2 className={styles.subheading}>{t('history')}</h2>
      {history === null ? (
        <Skeleton height="4rem" />
      ) : history.length === 0 ? (
        <p className={styles.muted}>{t('history_empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="bonus-history">
            <thead>
              <tr>
                <th scope="col">{t('col.bonus')}</th>
                <th scope="col">{t('amount')}</th>
                <th scope="col">{t('col.status')}</th>
                <th scope="col">{t('col.result')}</th>
                <th scope="col">{t('col.finished')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((bonus) => (
                <HistoryRow key={bonus.id} bonus={bonus} lng={lng} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function PromoCode({ lng }: { lng: string }) {
  const t = useT('office-bonus');
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [offer, setOffer] = useState<Offer | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = code.trim();
  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(trimmed)) {
      setStatus({ ok: false, text: errorText('BONUS_PROMO_UNKNOWN') });
      return;
    }
    setBusy(true);
    const answer = await call<{ offer: Offer }>(`${API}/promo/${encodeURIComponent(trimmed)}`);
    setBusy(false);
    setOffer(answer.ok ? answer.data.offer : null);
    setStatus(answer.ok ? null : { ok: false, text: errorText(answer.code) });
  };
  const claim = async () => {
    setBusy(true);
    const answer = await post(`${API}/promo/claim`, { code: trimmed });
    setBusy(false);
    if (answer.ok) setOffer(null);
    setStatus(
      answer.ok ? { ok: true, text: t('promo.claimed') } : { ok: false, text: errorText(answer.code) },
    );
  };
  return (
    <div className={styles.section}>
      <form className={styles.form} onSubmit={check}>
        <label className={styles.field}>
          <span>{t('promo.label')}</span>
          <input
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setOffer(null);
            }}
            maxLength={50}
            autoComplete="off"
            data-testid="office-promo-code"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={busy || trimmed === ''}>
          {t('promo.check')}
        </Button>
      </form>
      {offer ? (
        <div className={styles.actions} data-testid="office-promo-offer">
          <p>{textOf(offer.title, lng, offer.code)}</p>
          <Button onClick={claim} disabled={busy}>
            {t('promo.claim')}
          </Button>
        </div>
      ) : null}
      {status ? (
        <p role={status.ok ? 'status' : 'alert'} className={status.ok ? styles.success : styles.error}>
          {status.text}{' '}
          {status.ok ? <a href={`/${lng}/office/bonuses/wager`}>{t('promo.to_bonuses')}</a> : null}
        </p>
      ) : null}
    </div>
  );
}

interface ShopItem {
  code: string;
  title: Record<string, string>;
  costPoints: string;
}

function Rewards({ lng }: { lng: string }) {
  const t = useT('office-bonus');
  const errorText = useErrorText();
  const [points, setPoints] = useState<{ balance: string; earned: string } | null>(null);
  const [items, setItems] = useState<ShopItem[] | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => {
    void call<{ balance: string; earned: string }>(`${API}/points`).then((a) => a.ok && setPoints(a.data));
    void call<{ items: ShopItem[] }>(`${API}/shop`).then((a) => a.ok && setItems(a.data.items));
  }, []);
  useEffect(load, [load]);
  const buy = async (item: ShopItem) => {
    setBusy(item.code);
    const answer = await post(`${API}/shop/${item.code}/buy`);
    setBusy(null);
    setStatus(
      answer.ok
        ? { ok: true, text: t('shop.bought', { item: textOf(item.title, lng, item.code) }) }
        : { ok: false, text: errorText(answer.code) },
    );
    if (answer.ok) load();
  };
  const balance = points ? BigInt(points.balance) : 0n;
  return (
    <div className={styles.section}>
      {points === null ? (
        <Skeleton height="3rem" />
      ) : (
        <Card className={styles.points} data-testid="points-balance">
          <p className={styles.pointsValue}>{t('points.balance', { points: points.balance })}</p>
          <p className={styles.muted}>{t('points.earned', { points: points.earned })}</p>
        </Card>
      )}
      <h2 className={styles.subheading}>{t('shop.title')}</h2>
      {items === null ? (
        <Skeleton height="6rem" />
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t('shop.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <Card as="li" key={item.code} className={styles.shopItem} data-testid="shop-item">
              <span>{textOf(item.title, lng, item.code)}</span>
              <span className={styles.muted}>{t('shop.cost', { points: item.costPoints })}</span>
              <Button
                size="sm"
                onClick={() => buy(item)}
                disabled={busy !== null || BigInt(item.costPoints) > balance}
              >
                {t('shop.buy')}
              </Button>
            </Card>
          ))}
        </ul>
      )}
      {status ? (
        <p role={status.ok ? 'status' : 'alert'} className={status.ok ? styles.success : styles.error}>
          {status.text}
        </p>
      ) : null}
    </div>
  );
}

export function BonusesSection({ routeId, lng }: { routeId: string; lng: string }) {
  if (routeId === 'office-promotion') return <PromoCode lng={lng} />;
  if (routeId === 'office-rewards') return <Rewards lng={lng} />;
  return <MyBonuses lng={lng} />;
}
