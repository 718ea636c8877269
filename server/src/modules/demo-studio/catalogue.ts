/**
 * The demo studio's games in the casino catalogue (the `parlay casino import-provider` file format),
 * imported as provider `parlay-demo-studio` by `parlay seed` when the development studio is enabled.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import {
  DEMO_STUDIO,
  importProvider,
  type ProviderImportFile,
  seedCasinoCatalogue,
} from '../casino/index.ts';
import { KOI_SLOT_CODE, ROULETTE_CODE, SLOT_CODE } from './games.ts';
import { POKER_LOBBY_CODE } from './poker-tables.ts';

export const DEMO_SLOT_ID = 9001;
export const DEMO_ROULETTE_ID = 9002;
export const DEMO_POKER_LOBBY_ID = 9003;
export const DEMO_KOI_SLOT_ID = 9004;

export const DEMO_STUDIO_CATALOGUE: ProviderImportFile = {
  provider: { name: 'Parlay Demo Studio', theme: { from: '#1d2b53', to: '#7e2553' } },
  games: [
    {
      id: DEMO_SLOT_ID,
      externalId: SLOT_CODE,
      slug: 'demo-studio-fruit-reels',
      names: { ru: 'Фруктовые барабаны (демо-студия)', en: 'Fruit Reels (demo studio)' },
      descriptions: {
        ru: 'Три барабана, три одинаковых символа выигрывают. Игра демо-студии через API провайдеров.',
        en: 'Three reels; three of a kind wins. A demo-studio game over the provider API.',
      },
      kind: 'slots',
      sections: ['slots'],
      categories: ['fruit', 'classic'],
      rtp: '92.23',
      volatility: 'high',
      demo: true,
      real: true,
      popularity: 5,
      releasedAt: '2026-11-27',
      badges: ['new'],
      thumbnail: { from: '#1d2b53', to: '#7e2553', glyph: '7', accent: '#ffec27' },
    },
    {
      id: DEMO_ROULETTE_ID,
      externalId: ROULETTE_CODE,
      slug: 'demo-studio-live-roulette',
      names: { ru: 'Живая рулетка (демо-студия)', en: 'Live Roulette (demo studio)' },
      descriptions: {
        ru: 'Европейская рулетка: общий розыгрыш каждые 30 секунд для всех зрителей.',
        en: 'European roulette: one shared spin every 30 seconds for every viewer.',
      },
      kind: 'casino',
      sections: ['live'],
      categories: ['roulette', 'table'],
      rtp: '97.30',
      volatility: 'low',
      demo: true,
      real: true,
      popularity: 5,
      releasedAt: '2026-11-27',
      badges: ['new'],
      thumbnail: { from: '#0b3d2e', to: '#1f7a4d', glyph: 'R', accent: '#e8c547' },
    },
    {
      // Table poker is played between players (the house takes a rake): the RTP stated is the
      // players' share of the pots, 100 % less the studio's 3 % rake.
      id: DEMO_POKER_LOBBY_ID,
      externalId: POKER_LOBBY_CODE,
      slug: 'demo-studio-holdem-tables',
      names: { ru: 'Столы холдема (демо-студия)', en: "Hold'em tables (demo studio)" },
      descriptions: {
        ru: 'Лобби покерных столов студии: безлимитный и лимитный холдем, блайнды, бай-ин и места.',
        en: "The studio's poker table lobby: no-limit and fixed-limit hold'em, blinds, buy-ins and seats.",
      },
      kind: 'casino',
      sections: ['poker', 'card-games', 'skill-games'],
      categories: ['poker', 'cards'],
      rtp: '97.00',
      volatility: 'medium',
      demo: true,
      real: true,
      popularity: 4,
      releasedAt: '2026-11-27',
      badges: ['new'],
      thumbnail: { from: '#3b0d11', to: '#0e5e3a', glyph: 'card', accent: '#f4d35e' },
    },
    {
      // The fruit reels' game under other art: same reels, paytable and RTP.
      id: DEMO_KOI_SLOT_ID,
      externalId: KOI_SLOT_CODE,
      slug: 'demo-studio-koi-pond-reels',
      names: { ru: 'Пруд с карпами кои (демо-студия)', en: 'Koi Pond Reels (demo studio)' },
      descriptions: {
        ru: 'Три барабана у пруда с карпами кои: три одинаковых символа выигрывают. Игра демо-студии.',
        en: 'Three reels by a koi pond; three of a kind wins. A demo-studio game over the provider API.',
      },
      kind: 'slots',
      sections: ['slots', 'fishinghunting', 'asian-games'],
      categories: ['fishing', 'asian'],
      rtp: '92.23',
      volatility: 'high',
      demo: true,
      real: true,
      popularity: 4,
      releasedAt: '2026-11-27',
      badges: ['new'],
      thumbnail: { from: '#0b2545', to: '#13315c', glyph: 'fish', accent: '#f28f3b' },
    },
  ],
};

/** Imports (or refreshes) the studio's games; idempotent. */
export async function importDemoStudioGames(db: Kysely<Database>) {
  return importProvider(
    db,
    { seed: (options) => seedCasinoCatalogue(db, options) },
    DEMO_STUDIO,
    DEMO_STUDIO_CATALOGUE,
  );
}
