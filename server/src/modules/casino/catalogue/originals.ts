/**
 * The house's own games, "Parlay Originals": every in-house engine once, and a few themed slot titles
 * that share an engine. A themed title is the same game with other art: same reels, same paytable,
 * same RTP shown (the RTP and volatility of every title come from its engine, never from here).
 *
 * Sections are the routes where a game genuinely fits: card-games lists blackjack, video poker and
 * baccarat, poker video poker, crash-games crash and limbo, asian-games sic bo, baccarat, keno (a
 * Chinese draw game), dice and the Asian-themed slots, and so on. Live casino, bingo and TV games list the nearest in-house games
 * for now (RNG roulette and blackjack under live, keno under bingo, the draw games under TV games);
 * issue 19's external providers fill them with live dealers, bingo rooms and TV draws.
 */
import type { CategoryId, GameKind, LobbySection } from './sections.ts';
import type { GameNames, GameTheme } from './tables.ts';

export const ORIGINALS_PROVIDER = {
  id: 'parlay-originals',
  name: 'Parlay Originals',
  theme: { from: '#1b2a6b', to: '#6b2fd1' },
} as const;

export interface GameSeed {
  id: number;
  slug: string;
  names: GameNames;
  descriptions: GameNames;
  providerId: string;
  engineId: string | null;
  kind: GameKind;
  sections: readonly LobbySection[];
  categories: readonly CategoryId[];
  tags: readonly string[];
  tagId: number;
  oldRoute: string | null;
  badges: readonly ('new' | 'hot' | 'jackpot')[];
  demo: boolean;
  real: boolean;
  popularity: number;
  releasedAt: string;
  theme: GameTheme;
  /** For games of external providers: the RTP text and volatility the provider states. */
  stated?: { rtp: string; volatility: 'low' | 'medium' | 'high' | 'very-high' };
}

/** Numeric tag ids of the spec's game preview (tagId), one per kind of game. */
export const TAG_IDS = { slot: 1, table: 2, instant: 3, crash: 4, draw: 5, cards: 6, scratch: 7 } as const;

const FAIR = ['provably-fair', 'in-house'] as const;

const original = (
  seed: Omit<GameSeed, 'providerId' | 'demo' | 'real' | 'tags' | 'badges' | 'oldRoute'> &
    Partial<Pick<GameSeed, 'tags' | 'badges' | 'oldRoute' | 'demo'>>,
): GameSeed => ({
  providerId: ORIGINALS_PROVIDER.id,
  demo: true,
  real: true,
  oldRoute: null,
  badges: [],
  ...seed,
  tags: [...FAIR, ...(seed.tags ?? [])],
});

const SLOT_SECTIONS: readonly LobbySection[] = ['slots'];

export const ORIGINAL_GAMES: readonly GameSeed[] = [
  original({
    id: 1001,
    slug: 'dice',
    names: { ru: 'Кости', en: 'Dice' },
    descriptions: {
      ru: 'Выберите число и сторону: больше или меньше. Чем меньше шанс, тем выше выплата.',
      en: 'Pick a number and a side, over or under. The lower the chance, the higher the payout.',
    },
    engineId: 'dice',
    kind: 'casino',
    sections: ['casino', 'fast-games', 'fast-bet', 'asian-games', 'tvgames', 'games', 'othergames'],
    categories: ['dice', 'instant'],
    tagId: TAG_IDS.instant,
    oldRoute: '/games/dice',
    popularity: 9400,
    releasedAt: '2025-03-01T00:00:00Z',
    badges: ['hot'],
    theme: { from: '#0f5132', to: '#20c997', glyph: 'dice', accent: '#ffffff' },
  }),
  original({
    id: 1002,
    slug: 'limbo',
    names: { ru: 'Лимбо', en: 'Limbo' },
    descriptions: {
      ru: 'Назовите множитель: если выпавший не меньше, ставка умножается на него.',
      en: 'Name a multiplier: when the drawn one reaches it, your stake is multiplied by it.',
    },
    engineId: 'limbo',
    kind: 'casino',
    sections: ['casino', 'fast-games', 'fast-bet', 'crash-games', 'games'],
    categories: ['instant', 'crash'],
    tagId: TAG_IDS.instant,
    popularity: 7100,
    releasedAt: '2025-03-01T00:00:00Z',
    theme: { from: '#3a0ca3', to: '#f72585', glyph: 'arrow', accent: '#fff3b0' },
  }),
  original({
    id: 1003,
    slug: 'european-roulette',
    names: { ru: 'Европейская рулетка', en: 'European Roulette' },
    descriptions: {
      ru: 'Классическая рулетка с одним зеро: 37 ячеек, все ставки стола.',
      en: 'Classic single-zero roulette: 37 pockets and every bet of the table.',
    },
    engineId: 'roulette',
    kind: 'casino',
    sections: ['casino', 'live', 'tvgames'],
    categories: ['table', 'roulette'],
    tagId: TAG_IDS.table,
    oldRoute: '/casino/roulette',
    popularity: 8800,
    releasedAt: '2025-04-15T00:00:00Z',
    theme: { from: '#6a040f', to: '#1b4332', glyph: 'wheel', accent: '#ffd166' },
  }),
  original({
    id: 1004,
    slug: 'keno',
    names: { ru: 'Кено', en: 'Keno' },
    descriptions: {
      ru: 'Отметьте до 10 чисел из 40: выпадает 10, выплата по числу совпадений.',
      en: 'Mark up to 10 numbers of 40: ten are drawn, and you are paid by the matches.',
    },
    engineId: 'keno',
    kind: 'keno',
    sections: ['keno', 'bingo', 'tvgames', 'asian-games', 'fast-games', 'games', 'othergames'],
    categories: ['draw', 'instant'],
    tagId: TAG_IDS.draw,
    oldRoute: '/keno/classic-keno',
    popularity: 6200,
    releasedAt: '2025-04-15T00:00:00Z',
    theme: { from: '#023e8a', to: '#48cae4', glyph: 'ball', accent: '#ffffff' },
  }),
  original({
    id: 1005,
    slug: 'mines',
    names: { ru: 'Мины', en: 'Mines' },
    descriptions: {
      ru: 'Открывайте клетки поля 5×5 и заберите выигрыш до того, как найдёте мину.',
      en: 'Open tiles of a 5×5 field and cash out before you find a mine.',
    },
    engineId: 'mines',
    kind: 'casino',
    sections: ['casino', 'fast-games', 'skill-games', 'fishinghunting', 'games', 'othergames'],
    categories: ['instant'],
    tagId: TAG_IDS.instant,
    popularity: 9100,
    releasedAt: '2025-05-20T00:00:00Z',
    badges: ['hot'],
    theme: { from: '#212529', to: '#495057', glyph: 'gem', accent: '#4cc9f0' },
  }),
  original({
    id: 1006,
    slug: 'plinko',
    names: { ru: 'Плинко', en: 'Plinko' },
    descriptions: {
      ru: 'Шарик падает сквозь 8–16 рядов штырей; три уровня риска.',
      en: 'A ball falls through 8 to 16 rows of pins; three levels of risk.',
    },
    engineId: 'plinko',
    kind: 'casino',
    sections: ['casino', 'fast-games', 'fast-bet', 'games', 'othergames'],
    categories: ['instant'],
    tagId: TAG_IDS.instant,
    popularity: 8300,
    releasedAt: '2025-05-20T00:00:00Z',
    theme: { from: '#7b2cbf', to: '#ff9e00', glyph: 'pins', accent: '#ffffff' },
  }),
  original({
    id: 1007,
    slug: 'lucky-sevens',
    names: { ru: 'Счастливые семёрки', en: 'Lucky Sevens' },
    descriptions: {
      ru: 'Три барабана, одна линия, семёрки и колокольчики: классический автомат.',
      en: 'Three reels, one line, sevens and bells: the classic fruit machine.',
    },
    engineId: 'slot-classic',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'vulkan'],
    categories: ['classic', 'fruit'],
    tagId: TAG_IDS.slot,
    oldRoute: '/slots/lucky-sevens',
    popularity: 7600,
    releasedAt: '2025-06-10T00:00:00Z',
    theme: { from: '#9d0208', to: '#f48c06', glyph: 'seven', accent: '#fff3b0' },
  }),
  original({
    id: 1008,
    slug: 'fruit-storm',
    names: { ru: 'Фруктовый шторм', en: 'Fruit Storm' },
    descriptions: {
      ru: 'Пять барабанов, 20 линий, вайлды и скаттеры, которые дают бесплатные вращения.',
      en: 'Five reels, 20 lines, wilds, and scatters that award free spins.',
    },
    engineId: 'slot-fruits',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'vulkan'],
    categories: ['video', 'fruit'],
    tags: ['free-spins', 'wild', 'scatter'],
    tagId: TAG_IDS.slot,
    popularity: 9800,
    releasedAt: '2025-06-10T00:00:00Z',
    badges: ['hot'],
    theme: { from: '#d00000', to: '#ffba08', glyph: 'cherry', accent: '#ffffff' },
  }),
  original({
    id: 1009,
    slug: 'gem-cluster',
    names: { ru: 'Кластер самоцветов', en: 'Gem Cluster' },
    descriptions: {
      ru: 'Выигрывают группы одинаковых камней, а не линии.',
      en: 'Groups of matching gems win, not lines.',
    },
    engineId: 'slot-cluster',
    kind: 'slots',
    sections: SLOT_SECTIONS,
    categories: ['cluster', 'video'],
    tagId: TAG_IDS.slot,
    popularity: 6900,
    releasedAt: '2025-07-01T00:00:00Z',
    theme: { from: '#10002b', to: '#c77dff', glyph: 'gem', accent: '#80ffdb' },
  }),
  original({
    id: 1010,
    slug: 'blackjack',
    names: { ru: 'Блэкджек', en: 'Blackjack' },
    descriptions: {
      ru: 'Наберите больше дилера, не перебрав 21: взять, стоп, удвоить, разделить, страховка.',
      en: 'Beat the dealer without going over 21: hit, stand, double, split, insurance.',
    },
    engineId: 'blackjack',
    kind: 'casino',
    sections: ['casino', 'live', 'card-games', 'skill-games'],
    categories: ['table', 'cards'],
    tags: ['decisions'],
    tagId: TAG_IDS.cards,
    oldRoute: '/casino/blackjack',
    popularity: 8600,
    releasedAt: '2025-08-05T00:00:00Z',
    theme: { from: '#081c15', to: '#2d6a4f', glyph: 'card', accent: '#ffffff' },
  }),
  original({
    id: 1011,
    slug: 'jacks-or-better',
    names: { ru: 'Валеты или лучше', en: 'Jacks or Better' },
    descriptions: {
      ru: 'Видеопокер 9/6: оставьте карты, замените остальные, платит пара валетов и выше.',
      en: 'Video poker 9/6: hold cards, draw the rest; a pair of jacks or better pays.',
    },
    engineId: 'video-poker',
    kind: 'casino',
    sections: ['casino', 'card-games', 'poker', 'skill-games'],
    categories: ['cards', 'poker'],
    tags: ['decisions'],
    tagId: TAG_IDS.cards,
    popularity: 5400,
    releasedAt: '2025-08-05T00:00:00Z',
    theme: { from: '#03045e', to: '#0077b6', glyph: 'card', accent: '#ffd60a' },
  }),
  original({
    id: 1012,
    slug: 'scratch-gold',
    names: { ru: 'Золотая лотерея', en: 'Scratch Gold' },
    descriptions: {
      ru: 'Сотрите защитный слой: три одинаковые суммы — выигрыш.',
      en: 'Scratch the cover: three matching amounts win.',
    },
    engineId: 'scratch',
    kind: 'casino',
    sections: ['scratchcards', 'fast-games', 'games', 'othergames'],
    categories: ['scratch', 'instant'],
    tagId: TAG_IDS.scratch,
    oldRoute: '/scratchcards/gold',
    popularity: 4300,
    releasedAt: '2026-10-01T00:00:00Z',
    badges: ['new'],
    theme: { from: '#7f5539', to: '#ddb892', glyph: 'coin', accent: '#fff3b0' },
  }),
  original({
    id: 1013,
    slug: 'crash',
    names: { ru: 'Краш', en: 'Crash' },
    descriptions: {
      ru: 'Общий раунд для всех: множитель растёт, пока не упадёт. Заберите выигрыш вовремя.',
      en: 'One round for everyone: the multiplier rises until it crashes. Cash out in time.',
    },
    engineId: 'crash',
    kind: 'casino',
    // Shared rounds are played for real money only (the crash API answers CASINO_REAL_ONLY to demo).
    demo: false,
    sections: ['casino', 'crash-games', 'fast-games', 'fast-bet', 'games'],
    categories: ['crash', 'instant'],
    tags: ['multiplayer'],
    tagId: TAG_IDS.crash,
    oldRoute: '/games/crash-rocket',
    popularity: 9900,
    releasedAt: '2026-10-20T00:00:00Z',
    badges: ['new', 'hot'],
    theme: { from: '#001233', to: '#e85d04', glyph: 'rocket', accent: '#ffffff' },
  }),
  // Themed titles: the same engines with other art.
  original({
    id: 1014,
    slug: 'golden-goal',
    names: { ru: 'Золотой гол', en: 'Golden Goal' },
    descriptions: {
      ru: 'Классический автомат на три барабана в футбольном оформлении.',
      en: 'The classic three-reel machine dressed for football.',
    },
    engineId: 'slot-classic',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'virtualsports'],
    categories: ['classic', 'sport'],
    tagId: TAG_IDS.slot,
    popularity: 3900,
    releasedAt: '2026-06-01T00:00:00Z',
    theme: { from: '#005f73', to: '#94d2bd', glyph: 'ball', accent: '#ffffff' },
  }),
  original({
    id: 1015,
    slug: 'photo-finish',
    names: { ru: 'Фотофиниш', en: 'Photo Finish' },
    descriptions: {
      ru: 'Пять барабанов и 20 линий на ипподроме: вайлды, скаттеры, бесплатные вращения.',
      en: 'Five reels and 20 lines at the racecourse: wilds, scatters, free spins.',
    },
    engineId: 'slot-fruits',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'virtualsports'],
    categories: ['video', 'sport'],
    tags: ['free-spins', 'wild', 'scatter'],
    tagId: TAG_IDS.slot,
    popularity: 3100,
    releasedAt: '2026-07-15T00:00:00Z',
    theme: { from: '#344e41', to: '#a3b18a', glyph: 'horseshoe', accent: '#fefae0' },
  }),
  original({
    id: 1016,
    slug: 'lucky-koi',
    names: { ru: 'Счастливый карп', en: 'Lucky Koi' },
    descriptions: {
      ru: 'Пять барабанов и 20 линий в восточном пруду: вайлды, скаттеры, бесплатные вращения.',
      en: 'Five reels and 20 lines in an eastern pond: wilds, scatters, free spins.',
    },
    engineId: 'slot-fruits',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'asian-games', 'fishinghunting'],
    categories: ['video', 'asian', 'fishing'],
    tags: ['free-spins', 'wild', 'scatter'],
    tagId: TAG_IDS.slot,
    popularity: 4700,
    releasedAt: '2026-09-01T00:00:00Z',
    theme: { from: '#9a031e', to: '#fb8b24', glyph: 'fish', accent: '#fff3b0' },
  }),
  original({
    id: 1017,
    slug: 'deep-sea-catch',
    names: { ru: 'Глубоководный улов', en: 'Deep Sea Catch' },
    descriptions: {
      ru: 'Кластерный слот про рыбалку: выигрывают группы одинаковых рыб.',
      en: 'A fishing cluster slot: groups of matching fish win.',
    },
    engineId: 'slot-cluster',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'fishinghunting'],
    categories: ['cluster', 'fishing'],
    tagId: TAG_IDS.slot,
    popularity: 5200,
    releasedAt: '2026-10-25T00:00:00Z',
    badges: ['new'],
    theme: { from: '#03045e', to: '#00b4d8', glyph: 'fish', accent: '#caf0f8' },
  }),
  original({
    id: 1018,
    slug: 'jade-dragon',
    names: { ru: 'Нефритовый дракон', en: 'Jade Dragon' },
    descriptions: {
      ru: 'Кластерный слот с нефритом и драконами.',
      en: 'A cluster slot of jade and dragons.',
    },
    engineId: 'slot-cluster',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'asian-games'],
    categories: ['cluster', 'asian'],
    tagId: TAG_IDS.slot,
    popularity: 4100,
    releasedAt: '2026-08-01T00:00:00Z',
    theme: { from: '#004b23', to: '#38b000', glyph: 'dragon', accent: '#ffd60a' },
  }),
  original({
    id: 1019,
    slug: 'jungle-hunt',
    names: { ru: 'Охота в джунглях', en: 'Jungle Hunt' },
    descriptions: {
      ru: 'Кластерный слот-приключение: выигрывают группы одинаковых трофеев.',
      en: 'An adventure cluster slot: groups of matching trophies win.',
    },
    engineId: 'slot-cluster',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'fishinghunting'],
    categories: ['cluster', 'adventure'],
    tagId: TAG_IDS.slot,
    popularity: 3500,
    releasedAt: '2026-05-01T00:00:00Z',
    theme: { from: '#283618', to: '#bc6c25', glyph: 'star', accent: '#fefae0' },
  }),
  original({
    id: 1020,
    slug: 'vulkan-fire',
    names: { ru: 'Вулкан: огонь', en: 'Vulkan Fire' },
    descriptions: {
      ru: 'Классический автомат на три барабана в огненном оформлении.',
      en: 'The classic three-reel machine in fiery colours.',
    },
    engineId: 'slot-classic',
    kind: 'slots',
    sections: [...SLOT_SECTIONS, 'vulkan'],
    categories: ['classic', 'fruit'],
    tagId: TAG_IDS.slot,
    popularity: 2900,
    releasedAt: '2026-04-01T00:00:00Z',
    theme: { from: '#370617', to: '#e85d04', glyph: 'flame', accent: '#ffba08' },
  }),
  original({
    id: 1021,
    slug: 'sic-bo',
    names: { ru: 'Сик бо', en: 'Sic Bo' },
    descriptions: {
      ru: 'Три кости: малое и большое, сумма, число, любая и конкретная тройка.',
      en: 'Three dice: small and big, totals, single numbers, any triple and a specific triple.',
    },
    engineId: 'sic-bo',
    kind: 'casino',
    sections: ['casino', 'asian-games', 'tvgames', 'games'],
    categories: ['asian', 'table', 'dice'],
    tagId: TAG_IDS.table,
    badges: ['new'],
    popularity: 4300,
    releasedAt: '2026-11-27T00:00:00Z',
    theme: { from: '#7f1d1d', to: '#d97706', glyph: 'dice', accent: '#fde68a' },
  }),
  original({
    id: 1022,
    slug: 'baccarat',
    names: { ru: 'Баккара', en: 'Baccarat' },
    descriptions: {
      ru: 'Пунто банко из восьми колод: игрок, банкир или ничья; третья карта по правилам.',
      en: 'Punto banco from eight decks: player, banker or tie; the third card by the rules.',
    },
    engineId: 'baccarat',
    kind: 'casino',
    sections: ['casino', 'card-games', 'asian-games', 'live'],
    categories: ['table', 'cards'],
    tagId: TAG_IDS.cards,
    badges: ['new'],
    popularity: 4800,
    releasedAt: '2026-11-27T00:00:00Z',
    theme: { from: '#14213d', to: '#9d0208', glyph: 'card', accent: '#ffd166' },
  }),
];
