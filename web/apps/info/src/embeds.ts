/**
 * What the server render loads for an item's short codes beyond game cards: promotion cards
 * ([[promotion:<code>]], a campaign of the bonus engine's public GET /web-api/bonuses/v1/offers/:code)
 * and odds widgets ([[odds:live|line]], the first games of the sportsbook's live or line list, each
 * then loaded as a game card with its live odds). Anything that fails to load is left out: the page
 * still renders and the short code shows nothing.
 */
import type { LabelTranslate } from '@parlay/domain/sportsbook/market-labels.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import { type GameCard, loadGameCards, MAX_GAME_CARDS } from './game-cards.ts';

export const MAX_PROMOTION_CARDS = 4;
export const ODDS_WIDGET_GAMES = 3;

/** A promotion card: the offer's title and reward in the page's language, and its page. */
export interface PromotionCard {
  code: string;
  title: string;
  reward:
    | { kind: 'match' | 'cashback'; percent: number; capMinor: string }
    | { kind: 'fixed' | 'free_bet'; amountMinor: string }
    | { kind: 'free_spins'; count: number }
    | { kind: 'points'; points: string }
    | { kind: 'other' };
  currency: string | null;
  wageringMultiple: number;
  expiryDays: number;
  endsAt: string | null;
}

export interface PageEmbeds {
  games: Record<string, GameCard>;
  promotions: Record<string, PromotionCard>;
  /** Game ids shown by each odds widget ("live", "line"), in list order. */
  odds: Record<string, string[]>;
}

export const NO_EMBEDS: PageEmbeds = { games: {}, promotions: {}, odds: {} };

interface OfferAnswer {
  code: string;
  title: Record<string, string>;
  reward: {
    kind: string;
    percentBp?: number;
    capMinor?: string;
    amountMinor?: string;
    count?: number;
    points?: string;
  };
  wagering: { multiple: number; expiryDays: number };
  conditions: { currencies: string[] };
  endsAt: string | null;
}

const CODE = /^[a-z0-9][a-z0-9_-]{1,59}$/;

type Embed = { kind: string; id: string };

async function getJson<T>(api: ApiFetch, path: string): Promise<T | null> {
  try {
    const res = await api(path);
    return res.status === 200 ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

function rewardOf(reward: OfferAnswer['reward']): PromotionCard['reward'] {
  switch (reward.kind) {
    case 'match':
    case 'cashback':
      return { kind: reward.kind, percent: (reward.percentBp ?? 0) / 100, capMinor: reward.capMinor ?? '0' };
    case 'fixed':
    case 'free_bet':
      return { kind: reward.kind, amountMinor: reward.amountMinor ?? '0' };
    case 'free_spins':
      return { kind: 'free_spins', count: reward.count ?? 0 };
    case 'points':
      return { kind: 'points', points: reward.points ?? '0' };
    default:
      return { kind: 'other' };
  }
}

/** The card of an offer in a language (its title falls back to English, then any). */
export function promotionCardOf(offer: OfferAnswer, lng: string): PromotionCard {
  return {
    code: offer.code,
    title: offer.title[lng] ?? offer.title.en ?? Object.values(offer.title)[0] ?? offer.code,
    reward: rewardOf(offer.reward),
    currency: offer.conditions.currencies[0] ?? null,
    wageringMultiple: offer.wagering.multiple,
    expiryDays: offer.wagering.expiryDays,
    endsAt: offer.endsAt,
  };
}

async function loadPromotions(api: ApiFetch, lng: string, embeds: readonly Embed[]) {
  const codes = [
    ...new Set(embeds.filter((e) => e.kind === 'promotion' && CODE.test(e.id)).map((e) => e.id)),
  ].slice(0, MAX_PROMOTION_CARDS);
  const cards: Record<string, PromotionCard> = {};
  await Promise.all(
    codes.map(async (code) => {
      const offer = await getJson<OfferAnswer>(api, `/web-api/bonuses/v1/offers/${code}`);
      if (offer) cards[code] = promotionCardOf(offer, lng);
    }),
  );
  return cards;
}

async function loadOddsLists(api: ApiFetch, lng: string, embeds: readonly Embed[]) {
  const modes = [...new Set(embeds.filter((e) => e.kind === 'odds').map((e) => e.id))].filter(
    (mode) => mode === 'live' || mode === 'line',
  );
  const odds: Record<string, string[]> = {};
  await Promise.all(
    modes.map(async (mode) => {
      const list = await getJson<{ data: { id: number }[] }>(
        api,
        `/web-api/sportsbook/v1/${mode}?lang=${lng}&limit=${ODDS_WIDGET_GAMES}&offset=0`,
      );
      odds[mode] = (list?.data ?? []).slice(0, ODDS_WIDGET_GAMES).map((g) => String(g.id));
    }),
  );
  return odds;
}

/** Everything an item's short codes show, loaded in parallel; at most MAX_GAME_CARDS game cards. */
export async function loadEmbeds(
  api: ApiFetch,
  lng: string,
  embeds: readonly Embed[],
  t: LabelTranslate,
  timeZoneHours: number,
): Promise<PageEmbeds> {
  if (embeds.length === 0) return NO_EMBEDS;
  const [promotions, odds] = await Promise.all([
    loadPromotions(api, lng, embeds),
    loadOddsLists(api, lng, embeds),
  ]);
  // Games named by [[game:…]] first, then those of the odds widgets, up to the card limit together.
  const gameEmbeds = [
    ...embeds.filter((e) => e.kind === 'game'),
    ...Object.values(odds)
      .flat()
      .map((id) => ({ kind: 'game', id })),
  ].slice(0, MAX_GAME_CARDS * 2);
  const games = await loadGameCards(api, lng, gameEmbeds, t, timeZoneHours);
  return { games, promotions, odds };
}
