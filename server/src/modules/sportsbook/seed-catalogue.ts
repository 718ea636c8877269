/**
 * The starting catalogue: the sports the site offers, with names in every shipped language.
 * Idempotent: existing rows are updated in place, so `parlay seed` can run any number of times.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

interface SportSeed {
  id: number;
  slug: string;
  icon: string;
  isEsport: boolean;
  isVirtual?: boolean;
  ru: string;
  en: string;
}

export const SPORTS: readonly SportSeed[] = [
  { id: 1, slug: 'football', icon: '⚽', isEsport: false, ru: 'Футбол', en: 'Football' },
  { id: 2, slug: 'tennis', icon: '🎾', isEsport: false, ru: 'Теннис', en: 'Tennis' },
  { id: 3, slug: 'basketball', icon: '🏀', isEsport: false, ru: 'Баскетбол', en: 'Basketball' },
  { id: 4, slug: 'ice-hockey', icon: '🏒', isEsport: false, ru: 'Хоккей', en: 'Ice hockey' },
  { id: 5, slug: 'volleyball', icon: '🏐', isEsport: false, ru: 'Волейбол', en: 'Volleyball' },
  { id: 6, slug: 'table-tennis', icon: '🏓', isEsport: false, ru: 'Настольный теннис', en: 'Table tennis' },
  { id: 7, slug: 'handball', icon: '🤾', isEsport: false, ru: 'Гандбол', en: 'Handball' },
  { id: 8, slug: 'baseball', icon: '⚾', isEsport: false, ru: 'Бейсбол', en: 'Baseball' },
  {
    id: 9,
    slug: 'american-football',
    icon: '🏈',
    isEsport: false,
    ru: 'Американский футбол',
    en: 'American football',
  },
  { id: 10, slug: 'cricket', icon: '🏏', isEsport: false, ru: 'Крикет', en: 'Cricket' },
  { id: 11, slug: 'mma', icon: '🥊', isEsport: false, ru: 'ММА', en: 'MMA' },
  { id: 40, slug: 'cs2', icon: '🎮', isEsport: true, ru: 'Counter-Strike 2', en: 'Counter-Strike 2' },
  { id: 41, slug: 'dota-2', icon: '🎮', isEsport: true, ru: 'Dota 2', en: 'Dota 2' },
  {
    id: 42,
    slug: 'league-of-legends',
    icon: '🎮',
    isEsport: true,
    ru: 'League of Legends',
    en: 'League of Legends',
  },
  { id: 43, slug: 'valorant', icon: '🎮', isEsport: true, ru: 'Valorant', en: 'Valorant' },
  { id: 44, slug: 'efootball', icon: '🎮', isEsport: true, ru: 'Кибер-футбол', en: 'eFootball' },
  {
    id: 60,
    slug: 'virtual-football',
    icon: '⚽',
    isEsport: false,
    isVirtual: true,
    ru: 'Виртуальный футбол',
    en: 'Virtual football',
  },
  {
    id: 61,
    slug: 'virtual-basketball',
    icon: '🏀',
    isEsport: false,
    isVirtual: true,
    ru: 'Виртуальный баскетбол',
    en: 'Virtual basketball',
  },
];

export async function seedCatalogue(db: Kysely<Database>): Promise<{ sports: number }> {
  const rows = SPORTS.map((s, index) => ({
    id: s.id,
    slug: s.slug,
    position: index + 1,
    icon: s.icon,
    is_esport: s.isEsport,
    is_virtual: s.isVirtual ?? false,
    names: JSON.stringify({ ru: s.ru, en: s.en }) as unknown as Record<string, string>,
  }));
  await db
    .insertInto('sports')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        slug: eb.ref('excluded.slug'),
        position: eb.ref('excluded.position'),
        icon: eb.ref('excluded.icon'),
        is_esport: eb.ref('excluded.is_esport'),
        is_virtual: eb.ref('excluded.is_virtual'),
        names: eb.ref('excluded.names'),
      })),
    )
    .execute();
  return { sports: rows.length };
}

export async function isCatalogueEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('sports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
