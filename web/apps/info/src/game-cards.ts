/**
 * Game cards for the `[[game:<id>]]` short code: the server render loads each game named by an item's
 * embeds from the sportsbook API and keeps what the card shows — teams, tournament, start, score when
 * live, and the main market's selections labelled as the sports pages label them (the domain's
 * cardTitle / outcomeName over the site's markets dictionary) with their current odds. The card is
 * rendered on the server in the place of the placeholder; a game that is gone leaves it empty.
 */

import { cardTitle, type LabelTranslate, outcomeName } from '@parlay/domain/sportsbook/market-labels.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';

export const MAX_GAME_CARDS = 6;

export interface GameCard {
  id: string;
  champ: string;
  home: string;
  away: string;
  startAt: string;
  /** The start as the visitor reads it, formatted on the server in the visitor's time zone. */
  startText: string;
  isLive: boolean;
  score: string | null;
  market: { title: string; outcomes: CardOutcome[] } | null;
}

export interface CardOutcome {
  id: number;
  label: string;
  oddsMilli: number;
  version: number;
}

interface GameAnswer {
  id: number;
  champ: { name: string };
  home: { name: string };
  away: { name: string };
  startAt: string;
  isLive: boolean;
  isFinished: boolean;
  score: { home: number; away: number };
  groups: {
    markets: {
      type: string;
      specifiers: Record<string, string>;
      state: string;
      isMain: boolean;
      outcomes: {
        id: number;
        key: string;
        nameKey: string;
        oddsMilli: number;
        state: string;
        version: number;
      }[];
    }[];
  }[];
}

const GAME_ID = /^[1-9]\d{0,9}$/;

/** The cards of the games an item embeds, by game id; games that fail to load are left out. */
export async function loadGameCards(
  api: ApiFetch,
  lng: string,
  embeds: readonly { kind: string; id: string }[],
  t: LabelTranslate,
  timeZoneHours = 0,
): Promise<Record<string, GameCard>> {
  const ids = [
    ...new Set(embeds.filter((e) => e.kind === 'game' && GAME_ID.test(e.id)).map((e) => e.id)),
  ].slice(0, MAX_GAME_CARDS);
  const cards: Record<string, GameCard> = {};
  await Promise.all(
    ids.map(async (id) => {
      try {
        const res = await api(`/web-api/sportsbook/v1/games/${id}?lang=${lng}`);
        if (res.status !== 200) return;
        cards[id] = cardOf(id, (await res.json()) as GameAnswer, t, startFormat(lng, timeZoneHours));
      } catch {
        // A card that cannot be loaded is not shown; the article still renders.
      }
    }),
  );
  return cards;
}

/** "5 December, 18:00" in the visitor's whole-hour UTC offset (the site's time zone setting). */
export function startFormat(lng: string, timeZoneHours: number): Intl.DateTimeFormat {
  const hours = Number.isInteger(timeZoneHours) && Math.abs(timeZoneHours) <= 14 ? timeZoneHours : 0;
  // Etc/GMT zones count the other way round: UTC+3 is Etc/GMT-3.
  const timeZone = hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
  return new Intl.DateTimeFormat(lng, {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
}

export function cardOf(
  id: string,
  game: GameAnswer,
  t: LabelTranslate,
  start: Intl.DateTimeFormat,
): GameCard {
  const markets = game.groups.flatMap((g) => g.markets);
  const main = markets.find((m) => m.isMain && m.state === 'open') ?? null;
  const names = { t, sportSlug: '', home: game.home.name, away: game.away.name };
  return {
    id,
    champ: game.champ.name,
    home: game.home.name,
    away: game.away.name,
    startAt: game.startAt,
    startText: start.format(new Date(game.startAt)),
    isLive: game.isLive,
    score: game.isLive || game.isFinished ? `${game.score.home}:${game.score.away}` : null,
    market:
      main && !game.isFinished
        ? {
            title: cardTitle(main, names),
            outcomes: main.outcomes
              .filter((o) => o.state === 'open')
              .map((o) => ({
                id: o.id,
                label: outcomeName(main, o, names),
                oddsMilli: o.oddsMilli,
                version: o.version,
              })),
          }
        : null,
  };
}

/** A message of the game's /ws topic (game:<id>): new odds of its selections, or its score. */
export type GameMessage =
  | {
      type: 'odds';
      gameId: number;
      outcomes: { id: number; oddsMilli: number; state: string; version: number }[];
    }
  | { type: 'score'; gameId: number; score: { home: number; away: number } }
  | { type: string };

/**
 * The card after a message of its game's topic: odds move for the selections it shows (a newer
 * version only; a selection no longer open leaves the card), the score changes while live. Pure.
 */
export function applyGameMessage(card: GameCard, message: GameMessage): GameCard {
  if (message.type === 'odds' && 'outcomes' in message && card.market) {
    const updates = new Map(message.outcomes.map((o) => [o.id, o]));
    const outcomes = card.market.outcomes.flatMap((o) => {
      const update = updates.get(o.id);
      if (!update || update.version <= o.version) return [o];
      if (update.state !== 'open') return [];
      return [{ ...o, oddsMilli: update.oddsMilli, version: update.version }];
    });
    return { ...card, market: { ...card.market, outcomes } };
  }
  if (message.type === 'score' && 'score' in message && card.isLive) {
    return { ...card, score: `${message.score.home}:${message.score.away}` };
  }
  return card;
}
