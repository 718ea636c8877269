/**
 * What a short code's placeholder becomes on the page: a game card with live odds ([[game:…]]), a
 * promotion card ([[promotion:…]]), an odds widget of the first live or line games ([[odds:…]]) and a
 * call into the real registration ([[register]]). The server render loads their data (embeds.ts);
 * a game card then follows its game's /ws topic once hydrated.
 */

import { getRealtime } from '@parlay/client/realtime.ts';
import { formatDecimal } from '@parlay/domain/odds/formats.ts';
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Heading, Link } from '@parlay/ui/index.ts';
import { createContext, useContext, useEffect, useState } from 'react';
import { NO_EMBEDS, type PageEmbeds, type PromotionCard } from './embeds.ts';
import { applyGameMessage, type GameCard, type GameMessage } from './game-cards.ts';
import styles from './InfoPage.module.css';

/** The data of the page's short codes, loaded by the server render. */
export const EmbedsContext = createContext<PageEmbeds>(NO_EMBEDS);

/** The card as rendered on the server, then kept current by its game's /ws topic once hydrated. */
export function GameCardView({ card: initial }: { card: GameCard }) {
  const t = useT('info');
  const [card, setCard] = useState(initial);
  useEffect(
    () =>
      getRealtime().subscribe(`game:${initial.id}`, (data) =>
        setCard((current) => applyGameMessage(current, data as GameMessage)),
      ),
    [initial.id],
  );
  return (
    <section
      className={styles.gameCard}
      aria-label={t('content.game_card', { home: card.home, away: card.away })}
    >
      <p className={styles.meta}>
        {card.champ} ·{' '}
        {card.isLive ? t('content.live') : <time dateTime={card.startAt}>{card.startText}</time>}
      </p>
      <p className={styles.gameTeams}>
        <span>{card.home}</span>
        {card.score ? <strong>{card.score}</strong> : <span aria-hidden="true">—</span>}
        <span>{card.away}</span>
      </p>
      {card.market ? (
        <dl className={styles.gameOdds} aria-label={card.market.title}>
          {card.market.outcomes.map((o) => (
            <div key={o.label}>
              <dt>{o.label}</dt>
              <dd>{formatDecimal(o.oddsMilli)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

function rewardText(card: PromotionCard, lng: string, t: ReturnType<typeof useT>): string {
  const money = (minor: string) => (card.currency ? formatMoney(minor, card.currency, lng) : minor);
  const r = card.reward;
  switch (r.kind) {
    case 'match':
      return t('embeds.reward_match', { percent: String(r.percent), cap: money(r.capMinor) });
    case 'cashback':
      return t('embeds.reward_cashback', { percent: String(r.percent), cap: money(r.capMinor) });
    case 'fixed':
    case 'free_bet':
      return t(`embeds.reward_${r.kind}`, { amount: money(r.amountMinor) });
    case 'free_spins':
      return t('embeds.reward_free_spins', { count: r.count });
    case 'points':
      return t('embeds.reward_points', { points: r.points });
    default:
      return '';
  }
}

export function PromotionCardView({ card, lng }: { card: PromotionCard; lng: string }) {
  const t = useT('info');
  const reward = rewardText(card, lng, t);
  const headingId = `promotion-${card.code}`;
  return (
    <section className={styles.promotionCard} aria-labelledby={headingId}>
      <Heading level={3} id={headingId}>
        {card.title}
      </Heading>
      {reward ? <p className={styles.promotionReward}>{reward}</p> : null}
      {card.wageringMultiple > 0 ? (
        <p className={styles.meta}>
          {t('embeds.wagering', { multiple: String(card.wageringMultiple), count: card.expiryDays })}
        </p>
      ) : null}
      <Link href={`/${lng}/promotions/${card.code}`}>{t('embeds.promotion_details')}</Link>
    </section>
  );
}

function OddsWidget({ mode, lng }: { mode: string; lng: string }) {
  const t = useT('info');
  const { odds, games } = useContext(EmbedsContext);
  const cards = (odds[mode] ?? []).flatMap((id) => (games[id] ? [games[id]] : []));
  const title = t(mode === 'live' ? 'embeds.odds_live' : 'embeds.odds_line');
  return (
    <section className={styles.oddsWidget} aria-label={title}>
      <Heading level={2}>{title}</Heading>
      {cards.length === 0 ? <p className={styles.text}>{t('embeds.odds_empty')}</p> : null}
      {cards.map((card) => (
        <GameCardView key={card.id} card={card} />
      ))}
      <Link href={`/${lng}/home/${mode}`}>{t('embeds.odds_all')}</Link>
    </section>
  );
}

function RegisterCta({ lng }: { lng: string }) {
  const t = useT('info');
  return (
    <div className={styles.registerCta}>
      <a className={styles.ctaButton} href={`/${lng}/registration`}>
        {t('embeds.register')}
      </a>
      <span className={styles.meta}>
        {t('embeds.have_account')} <Link href={`/${lng}/user/login`}>{t('embeds.login')}</Link>
      </span>
    </div>
  );
}

/** The view of one short code, or null when its data did not load (the placeholder stays empty). */
export function EmbedView({ kind, id, lng }: { kind: string; id: string; lng: string }) {
  const embeds = useContext(EmbedsContext);
  if (kind === 'game') {
    const card = embeds.games[id];
    return card ? <GameCardView card={card} /> : null;
  }
  if (kind === 'promotion') {
    const card = embeds.promotions[id];
    return card ? <PromotionCardView card={card} lng={lng} /> : null;
  }
  if (kind === 'odds' && (id === 'live' || id === 'line')) return <OddsWidget mode={id} lng={lng} />;
  if (kind === 'register') return <RegisterCta lng={lng} />;
  return null;
}
