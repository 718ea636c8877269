/**
 * The promotion pages on the bonus engine (/web-api/bonuses/v1): the hub of live campaigns with §9
 * category filters (promotions, bonus/offers, offer/offers), one promotion with its terms, an opt-in
 * button for signed-in players and a promo code field (check, then claim), and the promo code page
 * (bonus/promo, offer/promo). Data is loaded in the browser; errors are the errors dictionary's text by code.
 */
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Card, EmptyState, Link, Skeleton, Tabs } from '@parlay/ui/index.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { BONUS_API, CATEGORIES, call, errorText, type Offer, textOf } from './bonus-api.ts';
import styles from './Promotions.module.css';

const HUB_ROUTES = new Set(['promotions', 'bonus-offers', 'offer-offers']);
const PROMO_ROUTES = new Set(['bonus-promo', 'offer-promo']);
const RULES_ROUTES = new Set(['bonus-rules', 'offer-rules']);
const POINTS_ROUTES = new Set(['bonus-points', 'offer-points']);
const RULES = [
  'wagering',
  'contribution',
  'max_bet',
  'conversion',
  'expiry',
  'withdrawal',
  'one_active',
] as const;

/** Whether this app's route is one of the promotion pages built here. */
export function isBonusRoute(routeId: string): boolean {
  return (
    HUB_ROUTES.has(routeId) ||
    PROMO_ROUTES.has(routeId) ||
    RULES_ROUTES.has(routeId) ||
    POINTS_ROUTES.has(routeId) ||
    routeId === 'promotion'
  );
}

function useSignedIn(): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    void call('/web-api/user/config').then((answer) => setSignedIn(answer.ok));
  }, []);
  return signedIn;
}

/** The reward in words: "100 % up to 10 000,00 RUB", "500,00 RUB", "20 free spins". */
function RewardText({ offer, lng }: { offer: Offer; lng: string }) {
  const t = useT('info-bonus');
  const r = offer.reward;
  const currency = offer.conditions.currencies[0] ?? 'RUB';
  const money = (minor: string | undefined) => formatMoney(minor ?? '0', currency, lng);
  switch (r.kind) {
    case 'match':
      return <>{t('reward.match', { percent: String((r.percentBp ?? 0) / 100), cap: money(r.capMinor) })}</>;
    case 'fixed':
      return <>{t('reward.fixed', { amount: money(r.amountMinor) })}</>;
    case 'free_bet':
      return <>{t('reward.free_bet', { amount: money(r.amountMinor) })}</>;
    case 'free_spins':
      return <>{t('reward.free_spins', { count: Number(r.count ?? 0), stake: money(r.stakeMinor) })}</>;
    case 'cashback':
      return <>{t('reward.cashback', { percent: String((r.percentBp ?? 0) / 100) })}</>;
    case 'points':
      return <>{t('reward.points', { points: r.points ?? '0' })}</>;
    case 'odds_boost':
      return (
        <>{t('reward.odds_boost', { percent: String((r.percentBp ?? 0) / 100), cap: money(r.capMinor) })}</>
      );
    default:
      return <>{t('reward.other')}</>;
  }
}

function OfferCard({ offer, lng }: { offer: Offer; lng: string }) {
  const t = useT('info-bonus');
  return (
    <Card as="li" className={styles.card} data-testid="promotion-card" data-offer={offer.code}>
      <p className={styles.category}>{t(`category.${offer.category}`)}</p>
      <h2 className={styles.cardTitle}>
        <Link href={`/${lng}/promotions/${offer.code}`}>{textOf(offer.title, lng)}</Link>
      </h2>
      <p className={styles.reward}>
        <RewardText offer={offer} lng={lng} />
      </p>
      {offer.endsAt ? (
        <p className={styles.meta}>
          {t('until', { date: new Date(offer.endsAt).toLocaleDateString(lng, { timeZone: 'UTC' }) })}
        </p>
      ) : null}
    </Card>
  );
}

function Hub({ lng }: { lng: string }) {
  const t = useT('info-bonus');
  const te = useT('errors');
  const [category, setCategory] = useState<string>('all_bonuses');
  const [offers, setOffers] = useState<Offer[] | null>(null);
  // The error's code: its text is looked up when rendering (translators change identity every render).
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    setOffers(null);
    void call<{ offers: Offer[] }>(`${BONUS_API}/offers?category=${category}`).then((answer) => {
      if (cancelled) return;
      if (answer.ok) {
        setOffers(answer.data.offers);
        setError(null);
      } else setError(answer.code);
    });
    return () => {
      cancelled = true;
    };
  }, [category]);
  return (
    <>
      <Tabs
        items={CATEGORIES.map((c) => ({ id: c, label: t(`category.${c}`) }))}
        selected={category}
        onSelect={setCategory}
        label={t('filter_label')}
        idPrefix="promotions"
      />
      <div id="promotions-panel" role="tabpanel" aria-labelledby={`promotions-tab-${category}`}>
        {error ? (
          <p role="alert" className={styles.error}>
            {errorText(te, t('failed'), error)}
          </p>
        ) : offers === null ? (
          <Skeleton height="8rem" />
        ) : offers.length === 0 ? (
          <EmptyState title={t('empty.title')} text={t('empty.text')} />
        ) : (
          <ul className={styles.grid}>
            {offers.map((offer) => (
              <OfferCard key={offer.code} offer={offer} lng={lng} />
            ))}
          </ul>
        )}
      </div>
      <PromoForm lng={lng} />
    </>
  );
}

function Terms({ offer, lng }: { offer: Offer; lng: string }) {
  const t = useT('info-bonus');
  const currency = offer.conditions.currencies[0] ?? 'RUB';
  const w = offer.wagering;
  const products = offer.conditions.products.length
    ? offer.conditions.products.map((p) => t(`product.${p}`)).join(', ')
    : t('product.all');
  return (
    <dl className={styles.terms} data-testid="promotion-terms">
      <dt>{t('terms.reward')}</dt>
      <dd>
        <RewardText offer={offer} lng={lng} />
      </dd>
      <dt>{t('terms.wagering')}</dt>
      <dd>
        {w.multiple > 0
          ? t(`terms.wagering_${w.basis === 'bonus_deposit' ? 'bonus_deposit' : 'bonus'}`, {
              multiple: String(w.multiple),
            })
          : t('terms.no_wagering')}
      </dd>
      <dt>{t('terms.max_bet')}</dt>
      <dd>{w.maxBetMinor === '0' ? t('terms.none') : formatMoney(w.maxBetMinor, currency, lng)}</dd>
      <dt>{t('terms.max_conversion')}</dt>
      <dd>
        {w.maxConversionMinor === '0' ? t('terms.none') : formatMoney(w.maxConversionMinor, currency, lng)}
      </dd>
      <dt>{t('terms.expiry')}</dt>
      <dd>{t('terms.expiry_days', { days: String(w.expiryDays) })}</dd>
      <dt>{t('terms.products')}</dt>
      <dd>{products}</dd>
      {offer.conditions.minDepositMinor !== '0' ? (
        <>
          <dt>{t('terms.min_deposit')}</dt>
          <dd>{formatMoney(offer.conditions.minDepositMinor, currency, lng)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function Promotion({ lng, code }: { lng: string; code: string }) {
  const t = useT('info-bonus');
  const te = useT('errors');
  const signedIn = useSignedIn();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void call<Offer>(`${BONUS_API}/offers/${encodeURIComponent(code)}`).then((answer) => {
      if (answer.ok) setOffer(answer.data);
      else setError(answer.code);
    });
  }, [code]);
  if (error) {
    return (
      <EmptyState
        title={error}
        text={t('empty.text')}
        action={{ label: t('back'), href: `/${lng}/promotions` }}
      />
    );
  }
  if (!offer) return <Skeleton height="12rem" />;
  const isDepositBonus = offer.trigger === 'first_deposit' || offer.trigger === 'nth_deposit';
  // A deposit bonus is chosen for the player's next deposit; the engine grants it with the deposit.
  const chooseForDeposit = async () => {
    setBusy(true);
    const answer = await call(`${BONUS_API}/deposit-choice`, {
      method: 'PUT',
      body: { campaign: offer.code },
    });
    setBusy(false);
    setStatus(
      answer.ok
        ? { ok: true, text: t('deposit_chosen') }
        : { ok: false, text: errorText(te, t('failed'), answer.code) },
    );
  };
  const optIn = async () => {
    setBusy(true);
    const answer = await call(`${BONUS_API}/offers/${offer.code}/opt-in`, { method: 'POST', body: {} });
    setBusy(false);
    setStatus(
      answer.ok
        ? { ok: true, text: t('opted_in') }
        : { ok: false, text: errorText(te, t('failed'), answer.code) },
    );
  };
  return (
    <article className={styles.promotion} data-testid="promotion" data-offer={offer.code}>
      <h2 className={styles.cardTitle}>{textOf(offer.title, lng)}</h2>
      <p className={styles.text}>{textOf(offer.terms, lng)}</p>
      <Terms offer={offer} lng={lng} />
      {offer.trigger === 'opt_in' ? (
        signedIn ? (
          <Button onClick={optIn} disabled={busy} data-testid="promotion-opt-in">
            {t('opt_in')}
          </Button>
        ) : signedIn === false ? (
          <p className={styles.meta}>{t('sign_in_to_opt_in')}</p>
        ) : null
      ) : null}
      {isDepositBonus && signedIn === false && offer.promoCode ? (
        <Link
          href={`/${lng}/registration?promo=${encodeURIComponent(offer.promoCode)}`}
          data-testid="promotion-register"
        >
          {t('register_with_code', { code: offer.promoCode })}
        </Link>
      ) : null}
      {isDepositBonus && signedIn ? (
        <Button onClick={chooseForDeposit} disabled={busy} data-testid="promotion-choose-deposit">
          {t('choose_for_deposit')}
        </Button>
      ) : null}
      {status ? (
        <p role={status.ok ? 'status' : 'alert'} className={status.ok ? styles.success : styles.error}>
          {status.text}
          {status.ok && isDepositBonus ? (
            <>
              {' '}
              <Link href={`/${lng}/office/recharge`}>{t('to_deposit')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <PromoForm lng={lng} />
    </article>
  );
}

/** The promo code field: check shows the offer it gives, claim grants it (signed-in players). */
function PromoForm({ lng }: { lng: string }) {
  const t = useT('info-bonus');
  const te = useT('errors');
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<Offer | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = code.trim();
  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(trimmed)) {
      setStatus({ ok: false, text: te('bonus_promo_unknown') });
      return;
    }
    setBusy(true);
    const answer = await call<{ offer: Offer }>(`${BONUS_API}/promo/${encodeURIComponent(trimmed)}`);
    setBusy(false);
    if (answer.ok) {
      setChecked(answer.data.offer);
      setStatus(null);
    } else {
      setChecked(null);
      setStatus({ ok: false, text: errorText(te, t('failed'), answer.code) });
    }
  };
  const claim = async () => {
    setBusy(true);
    const answer = await call(`${BONUS_API}/promo/claim`, { method: 'POST', body: { code: trimmed } });
    setBusy(false);
    const forDeposit = checked?.trigger === 'first_deposit' || checked?.trigger === 'nth_deposit';
    setStatus(
      answer.ok
        ? { ok: true, text: forDeposit ? t('deposit_code_chosen') : t('claimed') }
        : { ok: false, text: errorText(te, t('failed'), answer.code) },
    );
    if (answer.ok) setChecked(null);
  };
  return (
    <section className={styles.promo} aria-labelledby="promo-heading">
      <h2 id="promo-heading" className={styles.promoTitle}>
        {t('promo.title')}
      </h2>
      <form onSubmit={check} className={styles.promoForm}>
        <label className={styles.field}>
          <span>{t('promo.label')}</span>
          <input
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setChecked(null);
            }}
            maxLength={50}
            autoComplete="off"
            data-testid="promo-code"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={busy || trimmed === ''} data-testid="promo-check">
          {t('promo.check')}
        </Button>
      </form>
      {checked ? (
        <div className={styles.checked} data-testid="promo-offer">
          <p>
            <strong>{textOf(checked.title, lng)}</strong> — <RewardText offer={checked} lng={lng} />
          </p>
          <Button onClick={claim} disabled={busy} data-testid="promo-claim">
            {t('promo.claim')}
          </Button>
        </div>
      ) : null}
      {status ? (
        <p
          role={status.ok ? 'status' : 'alert'}
          className={status.ok ? styles.success : styles.error}
          data-testid="promo-status"
        >
          {status.text}
          {status.ok ? (
            <>
              {' '}
              <Link href={`/${lng}/office/bonuses/wager`}>{t('to_office')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

/** The general bonus rules (bonus/rules, offer/rules): what every campaign's terms build on. */
function Rules({ lng }: { lng: string }) {
  const t = useT('info-bonus');
  return (
    <div className={styles.promotion} data-testid="bonus-rules">
      {RULES.map((rule) => (
        <section key={rule}>
          <h2 className={styles.promoTitle}>{t(`rules.${rule}.title`)}</h2>
          <p className={styles.text}>{t(`rules.${rule}.text`)}</p>
        </section>
      ))}
      <Link href={`/${lng}/promotions`}>{t('back')}</Link>
    </div>
  );
}

interface ShopItem {
  code: string;
  title: Record<string, string>;
  costPoints: string;
}

/** Points (bonus/points, offer/points): how they are earned and what the rewards shop sells for them. */
function Points({ lng }: { lng: string }) {
  const t = useT('info-bonus');
  const [items, setItems] = useState<ShopItem[] | null>(null);
  useEffect(() => {
    void call<{ items: ShopItem[] }>(`${BONUS_API}/shop`).then((answer) =>
      setItems(answer.ok ? answer.data.items : []),
    );
  }, []);
  return (
    <div className={styles.promotion} data-testid="bonus-points">
      <p className={styles.text}>{t('points.intro')}</p>
      {items === null ? (
        <Skeleton height="6rem" />
      ) : items.length === 0 ? (
        <p className={styles.meta}>{t('points.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {items.map((item) => (
            <Card as="li" key={item.code} className={styles.card}>
              <p className={styles.reward}>{textOf(item.title, lng) || item.code}</p>
              <p className={styles.meta}>{t('points.cost', { points: item.costPoints })}</p>
            </Card>
          ))}
        </ul>
      )}
      <Link href={`/${lng}/office/rewards`}>{t('points.to_office')}</Link>
    </div>
  );
}

/** The promotion page of a route built here. */
export function BonusPages({
  routeId,
  lng,
  params,
}: {
  routeId: string;
  lng: string;
  params: Record<string, string | undefined>;
}) {
  if (routeId === 'promotion') return <Promotion lng={lng} code={params.promotionId ?? ''} />;
  if (PROMO_ROUTES.has(routeId)) return <PromoForm lng={lng} />;
  if (RULES_ROUTES.has(routeId)) return <Rules lng={lng} />;
  if (POINTS_ROUTES.has(routeId)) return <Points lng={lng} />;
  return <Hub lng={lng} />;
}
