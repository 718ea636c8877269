/**
 * The route table (ARCHITECTURE.md §4 "Route map"): every route of site-shell §2 and
 * coupon-accounts §2, as data. Each path is /{lng}<pattern>. A pattern segment is static text,
 * {name} (required parameter) or {name?} (optional, trailing only); a parameter follows its rule in
 * `params` (params.ts), `segment` when not listed. Redirect-only paths (user/forgotpassword, lpage/…)
 * live in redirects.ts. Matching and guards are pure functions in match.ts and guards.ts.
 */
import type { Namespace } from '@parlay/i18n/languages.ts';
import type { ParamRule } from './params.ts';

export type AppName = 'sports' | 'casino' | 'office' | 'auth' | 'info' | 'lotto' | 'technical';

/**
 * default: header, page, footer · headless: page and footer, no header (landings) · empty: the page
 * alone (popups, print views) · blocked: the page under a bare brand bar (block pages, ban appeal).
 */
export type Layout = 'default' | 'headless' | 'empty' | 'blocked';

/** Areas group routes for their description, empty-state text and breadcrumbs. */
export type Area =
  | 'sports'
  | 'esports'
  | 'casino'
  | 'account'
  | 'office'
  | 'information'
  | 'payments'
  | 'promotions'
  | 'content'
  | 'lotto'
  | 'mobile'
  | 'technical'
  | 'blocked';

/**
 * Guards (coupon-accounts §5), evaluated in this meaning by guards.ts:
 * auth-required: guests go to login with return-url · guest-only: signed-in users go home ·
 * confirm-terms-page: only for signed-in users with changed terms when confirmation is on ·
 * terms-exempt: reachable while changed terms await confirmation · banned-allowed: reachable while
 * banned · banned-deduce: reachable while banned at the deduce ban level · home-only: non-banned users
 * go home · rules-route, registration-allowed, identification-shown, payment-route: config flags
 * (404 when off) · recharge-modal: with the recharge modal on, only from a known page ·
 * promo-bonus / promo-offer: bonus ↔ offer swap by features.isPromoBonusToOffer.
 */
export type Guard =
  | 'auth-required'
  | 'guest-only'
  | 'confirm-terms-page'
  | 'terms-exempt'
  | 'banned-allowed'
  | 'banned-deduce'
  | 'home-only'
  | 'rules-route'
  | 'registration-allowed'
  | 'identification-shown'
  | 'payment-route'
  | 'recharge-modal'
  | 'promo-bonus'
  | 'promo-offer';

export type Robots = 'index' | 'noindex';

/**
 * Route meta tags. quickCoupon (coupon-accounts §5 "The quick coupon is hidden on pages lacking the
 * right tag"): the page has odds to click, so the compact floating coupon (count, total odds, stake,
 * one-tap Place bet) shows whenever the full bet slip is not on screen: on mobile, where the slip is
 * a bottom sheet, and on desktop once the player hides the slip column. Pages without prices
 * (results, statistics, print, app pages, championship lists) and every other app's pages lack it.
 */
export type RouteTag = 'quickCoupon';

export interface RouteSeo {
  /** Key in namespace "routes" of the page name (title, heading, breadcrumb). */
  labelKey: string;
  /** Key in namespace "routes" of the meta description. */
  descriptionKey: string;
  robots: Robots;
}

export interface RouteDefinition<Id extends string = string> {
  id: Id;
  pattern: string;
  params: Readonly<Record<string, ParamRule>>;
  app: AppName;
  area: Area;
  layout: Layout;
  guards: readonly Guard[];
  /** Namespaces the page app loads for this route (its own texts; "routes" is read on the server). */
  dictionaries: readonly Namespace[];
  seo: RouteSeo;
  /** The route one breadcrumb up; null for home. */
  parent: string | null;
  /** HTTP status of the rendered page when it is not 200 (the error page, block pages). */
  status?: number;
  /** Meta tags of the page (RouteTag). */
  tags: readonly RouteTag[];
}

type AreaDefaults = Pick<RouteDefinition, 'app' | 'area' | 'layout' | 'guards' | 'dictionaries'> & {
  robots: Robots;
  parent: string | null;
  tags?: readonly RouteTag[];
};

interface RouteOptions {
  params?: Readonly<Record<string, ParamRule>>;
  guards?: readonly Guard[];
  layout?: Layout;
  parent?: string | null;
  robots?: Robots;
  status?: number;
  app?: AppName;
  description?: 'own';
  tags?: readonly RouteTag[];
}

/** One table row from its area's defaults; `guards` adds to the area's guards. */
function route<const Id extends string>(
  id: Id,
  pattern: string,
  area: AreaDefaults,
  options: RouteOptions = {},
): RouteDefinition<Id> {
  return {
    id,
    pattern,
    params: options.params ?? {},
    app: options.app ?? area.app,
    area: area.area,
    layout: options.layout ?? area.layout,
    guards: [...area.guards, ...(options.guards ?? [])],
    dictionaries: area.dictionaries,
    seo: {
      labelKey: `labels.${id}`,
      descriptionKey: options.description === 'own' ? `descriptions.${id}` : `areas.${area.area}`,
      robots: options.robots ?? area.robots,
    },
    parent: options.parent === undefined ? area.parent : options.parent,
    ...(options.status === undefined ? {} : { status: options.status }),
    tags: options.tags ?? area.tags ?? [],
  };
}

const SPORTS: AreaDefaults = {
  app: 'sports',
  area: 'sports',
  layout: 'default',
  guards: [],
  dictionaries: ['sports'],
  robots: 'index',
  parent: 'home',
};
/** The pages with odds to click (RouteTag quickCoupon). */
const QUICK_COUPON: readonly RouteTag[] = ['quickCoupon'];
const ESPORTS: AreaDefaults = { ...SPORTS, area: 'esports', parent: 'esports', tags: QUICK_COUPON };
const CASINO: AreaDefaults = { ...SPORTS, app: 'casino', area: 'casino', dictionaries: ['casino'] };
const ACCOUNT: AreaDefaults = {
  ...SPORTS,
  app: 'auth',
  area: 'account',
  // limits: the deposit-limit offer after a registration.
  dictionaries: ['auth', 'limits'],
  robots: 'noindex',
};
const OFFICE: AreaDefaults = {
  ...SPORTS,
  app: 'office',
  area: 'office',
  guards: ['auth-required'],
  // limits: the responsible page and the deposit-limit offer of the recharge page.
  dictionaries: ['office', 'office-money', 'office-security', 'errors', 'limits'],
  robots: 'noindex',
  parent: 'office',
};
const PAYMENTS: AreaDefaults = { ...OFFICE, area: 'payments', guards: [], parent: 'home' };
const INFORMATION: AreaDefaults = {
  ...SPORTS,
  app: 'info',
  area: 'information',
  guards: ['terms-exempt', 'banned-allowed'],
  dictionaries: ['info'],
};
const PROMOTIONS: AreaDefaults = { ...INFORMATION, area: 'promotions', guards: [], parent: 'promotions' };
const CONTENT: AreaDefaults = { ...INFORMATION, area: 'content', guards: [] };
const MOBILE: AreaDefaults = { ...INFORMATION, area: 'mobile', guards: [] };
const LOTTO: AreaDefaults = { ...SPORTS, app: 'lotto', area: 'lotto', dictionaries: ['lotto'] };
const TECHNICAL: AreaDefaults = {
  ...SPORTS,
  app: 'technical',
  area: 'technical',
  guards: ['terms-exempt', 'banned-allowed'],
  dictionaries: ['technical'],
  robots: 'noindex',
};
const BLOCKED: AreaDefaults = { ...TECHNICAL, area: 'blocked', layout: 'blocked', parent: null };

const sportPage = { pageType: 'pageType', section: 'section' } as const;
const esports = { root: 'esportsRoot', type: 'esportsType' } as const;
const casinoGame = { casinoSection: 'casinoSection', gameId: 'digits' } as const;

export const ROUTES = [
  // Sports (site-shell §2 "Sports")
  route('home', '/', SPORTS, { parent: null, description: 'own', tags: QUICK_COUPON }),
  route('sports-page', '/{pageType}/{section}/{menuSection?}/{sport?}/{champ?}', SPORTS, {
    params: sportPage,
    tags: QUICK_COUPON,
  }),
  route('sports-game', '/{pageType}/{section}/{menuSection}/{sport}/{champ}/{game}', SPORTS, {
    params: sportPage,
    parent: 'sports-page',
    tags: QUICK_COUPON,
  }),
  route('team', '/team/{section}/{team}', SPORTS, { params: { section: 'section' }, tags: QUICK_COUPON }),
  route('team-info', '/team/{teamId}', SPORTS, { params: { teamId: 'digits' }, tags: QUICK_COUPON }),
  route('multi', '/multi', SPORTS, { tags: QUICK_COUPON }),
  route('champs', '/champs/{champId?}', SPORTS),
  route('top-events', '/top-events/{pageSubType}', SPORTS, { tags: QUICK_COUPON }),
  route('top-sports-cricket', '/top-sports/cricket', SPORTS),
  route('cricket-all-champs', '/top-sports/cricket/all-champs', SPORTS, { parent: 'top-sports-cricket' }),
  route('cricket-all-events', '/top-sports/cricket/all-events', SPORTS, { parent: 'top-sports-cricket' }),
  route('cricket-favorites', '/top-sports/cricket/favorites', SPORTS, {
    parent: 'top-sports-cricket',
    robots: 'noindex',
  }),
  route('cricket-search-events', '/top-sports/cricket/search-events', SPORTS, {
    parent: 'top-sports-cricket',
    robots: 'noindex',
  }),
  route('cricket-broadcasts', '/top-sports/cricket/broadcasts', SPORTS, { parent: 'top-sports-cricket' }),
  route('cricket-champ', '/top-sports/cricket/champ/{champ}', SPORTS, { parent: 'top-sports-cricket' }),
  route('player-info', '/player-info/{id}', SPORTS, { tags: QUICK_COUPON }),
  route('game', '/game', SPORTS),
  route('cricket-app', '/cricket-app', SPORTS),
  route('ipl-betting-app', '/ipl-betting-app', SPORTS),
  route('ios-app', '/ios-app', SPORTS),
  route('token', '/{token}', SPORTS, { params: { token: 'token' }, robots: 'noindex' }),
  route('results', '/results/{type?}', SPORTS, { params: { type: 'resultsType' } }),
  route('statistic', '/statistic', SPORTS),
  route('statisticpopup', '/statisticpopup', SPORTS, { layout: 'empty', robots: 'noindex' }),
  route('print-coupon', '/print-coupon/{couponId}', SPORTS, {
    params: { couponId: 'digits' },
    guards: ['auth-required'],
    layout: 'empty',
    robots: 'noindex',
  }),

  // Esports: cyber or esports with type real, virtual or stream
  route('esports', '/{root}/{type}', ESPORTS, { params: esports, parent: 'home' }),
  route('esports-disciplines', '/{root}/{type}/disciplines', ESPORTS, { params: esports }),
  route('esports-all', '/{root}/{type}/all', ESPORTS, { params: esports }),
  route('esports-discipline', '/{root}/{type}/{discipline}', ESPORTS, { params: esports }),
  route('esports-discipline-champs', '/{root}/{type}/{discipline}/champs', ESPORTS, { params: esports }),
  route('esports-champ', '/{root}/{type}/{discipline}/{champ}', ESPORTS, { params: esports }),
  route('esports-game', '/{root}/{type}/{discipline}/{champ}/{game}', ESPORTS, { params: esports }),

  // Casino
  route('bingo', '/bingo', CASINO),
  route('bonus-casino', '/bonus/casino', CASINO),
  route('bonus-casino-promotion', '/bonus/casino/promotions/{id}', CASINO, { parent: 'bonus-casino' }),
  route('casino-tournaments', '/bonus/casino/tournaments', CASINO, { parent: 'bonus-casino' }),
  route('casino-tournament', '/bonus/casino/tournaments/{id}', CASINO, { parent: 'casino-tournaments' }),
  route('bonus-casino-item', '/bonus/casino/{id}', CASINO, { parent: 'bonus-casino' }),
  route('casino-brand', '/casino/brand', CASINO),
  route('fishinghunting', '/fishinghunting', CASINO),
  route('poker', '/poker/{game?}', CASINO),
  route('tvgames', '/tvgames', CASINO),
  route('scratchcards', '/scratchcards', CASINO),
  route('casino-section', '/{casinoSection}/{subcategory?}', CASINO, {
    params: { casinoSection: 'casinoSection' },
  }),
  route('casino-game', '/{casinoSection}/game/{gameId}/{gameName}', CASINO, {
    params: casinoGame,
    parent: 'casino-section',
  }),
  route('casino-thank-you', '/{casinoSection}/thank-you', CASINO, {
    params: { casinoSection: 'casinoSection' },
    robots: 'noindex',
  }),
  route('virtualsports', '/virtualsports', CASINO),
  route('fast-games', '/fast-games', CASINO),
  route('fast-bet', '/fast-bet', CASINO),
  route('slots-vulkan', '/slots/vulkan', CASINO),
  route('asian-games', '/asian-games', CASINO),
  route('card-games', '/card-games', CASINO),
  route('crash-games', '/crash-games', CASINO),
  route('skill-games', '/skill-games', CASINO),
  route('my-casino', '/my-casino', CASINO, { guards: ['auth-required'], robots: 'noindex' }),
  route('my-casino-favorites', '/my-casino/favorites', CASINO, {
    guards: ['auth-required'],
    robots: 'noindex',
    parent: 'my-casino',
  }),
  route('casino-lobby', '/casino-lobby', CASINO),
  route('providers', '/providers', CASINO),
  route('provider', '/providers/{provider}', CASINO, { parent: 'providers' }),
  route('casino-search', '/casino-search', CASINO, { robots: 'noindex' }),
  route('casino-landing', '/{landing}', CASINO, { params: { landing: 'casinoLanding' }, layout: 'headless' }),
  route('othergames', '/othergames', CASINO),
  route('games', '/games', CASINO),
  route('games-view', '/games/{gameRoute}', CASINO, { parent: 'games' }),
  route('games-landing', '/games-landing/{landingRoute}', CASINO, { parent: 'games', layout: 'headless' }),
  route('allgamesentrance', '/allgamesentrance', CASINO),

  // Account and authentication
  route('login', '/user/login', ACCOUNT, { guards: ['guest-only', 'banned-allowed', 'terms-exempt'] }),
  route('registration', '/registration/{type?}', ACCOUNT, {
    params: { type: 'registrationType' },
    guards: ['registration-allowed', 'guest-only'],
  }),
  route('confirm', '/confirm', ACCOUNT, { guards: ['auth-required'] }),
  route('user-accountverify', '/user/accountverify', ACCOUNT),
  route('user-activatefast', '/user/activatefast/{type}', ACCOUNT, { params: { type: 'activateType' } }),
  route('user-passwordreset', '/user/passwordreset', ACCOUNT, { guards: ['terms-exempt'] }),
  route('user-stopnewsletter', '/user/stopnewsletter', ACCOUNT, {
    guards: ['terms-exempt', 'banned-allowed'],
  }),
  route('confirm-terms', '/confirm-terms', ACCOUNT, { guards: ['confirm-terms-page', 'terms-exempt'] }),

  // Office (authentication required)
  route('office', '/office', OFFICE, { parent: 'home' }),
  route('office-account', '/office/account', OFFICE),
  route('office-history', '/office/history', OFFICE),
  route('office-historypay', '/office/historypay', OFFICE),
  route('office-recharge', '/office/recharge', OFFICE, { guards: ['recharge-modal'] }),
  route('office-recharge-form', '/office/recharge/form', OFFICE, { parent: 'office-recharge' }),
  // The contact change reuses the auth app's confirmation form and its dictionary.
  route('office-security', '/office/security', { ...OFFICE, dictionaries: [...OFFICE.dictionaries, 'auth'] }),
  route('office-responsible', '/office/responsible', OFFICE),
  route('office-settings', '/office/settings', OFFICE),
  route('office-bonuses-deposit', '/office/bonuses/deposit', OFFICE),
  route('office-bonuses-wager', '/office/bonuses/wager', OFFICE),
  route('office-vipcashback', '/office/casino/vipcashback', OFFICE),
  route('office-premiumcashback', '/office/casino/premiumcashback', OFFICE),
  route('office-deduce', '/office/deduce', OFFICE, { guards: ['banned-deduce'] }),
  route('office-deduce-form', '/office/deduce/form', OFFICE, {
    guards: ['banned-deduce'],
    parent: 'office-deduce',
  }),
  route('office-promotion', '/office/promotion', OFFICE),
  route('office-bringfriend', '/office/bringfriend', OFFICE),
  route('office-support', '/office/support', OFFICE, { guards: ['banned-allowed', 'terms-exempt'] }),
  route('office-rewards', '/office/rewards', OFFICE),
  route('office-verification', '/office/verification', OFFICE),
  route('office-identification', '/office/identification', OFFICE, { guards: ['identification-shown'] }),
  route('office-share-idea', '/office/share-idea', OFFICE),
  route('office-payment-requests', '/office/payment/requests', OFFICE),
  route('office-payment-create-request', '/office/payment/create-request/{topicId}', OFFICE, {
    parent: 'office-payment-requests',
  }),
  route('office-payment-transactions', '/office/payment/create-request/{topicId}/transactions', OFFICE, {
    parent: 'office-payment-create-request',
  }),
  route(
    'office-payment-transaction',
    '/office/payment/create-request/{topicId}/transactions/{transactionId}',
    OFFICE,
    { parent: 'office-payment-transactions' },
  ),
  route('office-payment-subtopic', '/office/payment/create-request/{topicId}/{subTopicId}', OFFICE, {
    parent: 'office-payment-create-request',
  }),
  route('block-appeal-history', '/block-appeal-history', OFFICE, {
    guards: ['banned-allowed', 'home-only', 'terms-exempt'],
    layout: 'blocked',
    parent: null,
  }),

  // Information
  route('information-rules', '/information/rules/{ruleGroup?}/{chapter?}', INFORMATION, {
    guards: ['rules-route'],
  }),
  route('contacts', '/information/contacts', INFORMATION, { description: 'own' }),
  route('about', '/information/about', INFORMATION, { description: 'own' }),
  route('howbet', '/information/howbet', INFORMATION),
  route('information-payment', '/information/payment', INFORMATION, { guards: ['payment-route'] }),
  route('cookies', '/information/cookies', INFORMATION),
  route('ussdinstruction', '/information/ussdinstruction', INFORMATION),
  route('licenses', '/information/licenses', INFORMATION),
  route('taxation', '/information/taxation', INFORMATION),
  route('consent', '/information/consent', INFORMATION),
  route('simpleidentification', '/information/simpleidentification', INFORMATION),
  route('amlkyc', '/information/amlkyc', INFORMATION),
  route('smsbets', '/information/smsbets', INFORMATION),
  route('amlpolicy', '/information/amlpolicy', INFORMATION),
  route('disputeresolution', '/information/disputeresolution', INFORMATION),
  route('kycpolicy', '/information/kycpolicy', INFORMATION),
  route('responsiblegaming', '/information/responsiblegaming', INFORMATION),
  route('cash-terminals', '/information/cash_terminals', INFORMATION),
  route('betting-calculator', '/information/betting-calculator', INFORMATION),

  // Payment returns
  route('onpay-success', '/onpay/success', PAYMENTS),
  route('onpay-fail', '/onpay/fail', PAYMENTS),
  route('onpay-pending', '/onpay/pending', PAYMENTS),
  route('onpay-cancel', '/onpay/cancel', PAYMENTS),
  route('onpay-withdraw-success', '/onpay/withdraw/success', PAYMENTS),
  route('onpay-withdraw-fail', '/onpay/withdraw/fail', PAYMENTS),
  route('onpay-withdraw-pending', '/onpay/withdraw/pending', PAYMENTS),
  route('onpay-withdraw-cancel', '/onpay/withdraw/cancel', PAYMENTS),

  // Other
  route('mobile', '/mobile', MOBILE),
  route('mobile-app-download', '/mobile/app-download', MOBILE, { parent: 'mobile' }),
  route('mobile-apk-download', '/mobile/apk-download', MOBILE, { parent: 'mobile' }),
  route('desktop', '/desktop', MOBILE),
  route('lotto', '/lotto/{sectionName?}', LOTTO),
  route('lotto-draw', '/lotto/{sectionName}/{lottoId}', LOTTO, {
    params: { sectionName: 'lottoSection', lottoId: 'digits' },
    parent: 'lotto',
  }),
  route('toto', '/toto', LOTTO),
  route('toto-section', '/toto/{totoSection}', LOTTO, { parent: 'toto' }),
  route('toto-section-page', '/toto/{totoSection}/{totoPage}', LOTTO, {
    params: { totoPage: 'totoPage' },
    parent: 'toto-section',
  }),
  route('landing-page', '/landing-page/{landingId}', CONTENT, { layout: 'headless' }),
  route('promotions', '/promotions', PROMOTIONS, { parent: 'home' }),
  route('promotion', '/promotions/{promotionId}', PROMOTIONS),
  route('bonus-rules', '/bonus/rules', PROMOTIONS, { guards: ['promo-bonus'] }),
  route('bonus-games', '/bonus/games', PROMOTIONS, { guards: ['promo-bonus'] }),
  route('bonus-game', '/bonus/games/{id}', PROMOTIONS, { guards: ['promo-bonus'], parent: 'bonus-games' }),
  route('bonus-partners', '/bonus/partners', PROMOTIONS, { guards: ['promo-bonus'] }),
  route('bonus-partner', '/bonus/partners/{id}', PROMOTIONS, {
    guards: ['promo-bonus'],
    parent: 'bonus-partners',
  }),
  route('bonus-offers', '/bonus/offers', PROMOTIONS, { guards: ['promo-bonus'] }),
  route('bonus-promo', '/bonus/promo', PROMOTIONS, { guards: ['promo-bonus'] }),
  route('bonus-points', '/bonus/points', PROMOTIONS, { guards: ['promo-bonus'] }),
  route('offer-rules', '/offer/rules', PROMOTIONS, { guards: ['promo-offer'] }),
  route('offer-games', '/offer/games', PROMOTIONS, { guards: ['promo-offer'] }),
  route('offer-game', '/offer/games/{id}', PROMOTIONS, { guards: ['promo-offer'], parent: 'offer-games' }),
  route('offer-partners', '/offer/partners', PROMOTIONS, { guards: ['promo-offer'] }),
  route('offer-partner', '/offer/partners/{id}', PROMOTIONS, {
    guards: ['promo-offer'],
    parent: 'offer-partners',
  }),
  route('offer-offers', '/offer/offers', PROMOTIONS, { guards: ['promo-offer'] }),
  route('offer-promo', '/offer/promo', PROMOTIONS, { guards: ['promo-offer'] }),
  route('offer-points', '/offer/points', PROMOTIONS, { guards: ['promo-offer'] }),
  route('ourpartners', '/ourpartners/{section?}', CONTENT),
  route('betting-alphabet', '/betting-alphabet/{block?}/{category?}/{slug?}', CONTENT),
  route('blog', '/blog', CONTENT),
  route('blog-category', '/blog/categories/{categorySlug}', CONTENT, { parent: 'blog' }),
  route('blog-article', '/blog/{articleSlug}', CONTENT, { parent: 'blog' }),
  route('news', '/news/{slug?}', CONTENT),
  route('betting-awards', '/betting-awards', CONTENT),

  // Technical pages
  route('oldbrowser', '/oldbrowser', TECHNICAL, { layout: 'empty' }),
  route('server-error', '/500', TECHNICAL, { status: 500 }),

  // Block pages (blocked layout); visiting one while not blocked redirects to the language root
  route('block', '/block', BLOCKED, { status: 403 }),
  route('block-ua', '/block-ua', BLOCKED, { status: 403 }),
  route('block-ie', '/block-ie', BLOCKED, { status: 403 }),
  route('site-updates', '/site-updates', BLOCKED, { status: 503 }),
  route('coming-soon', '/coming-soon', BLOCKED, { status: 200 }),
  route('suspension', '/suspension', BLOCKED, { status: 403 }),
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

const BY_ID = new Map<string, RouteDefinition>(ROUTES.map((r) => [r.id, r]));

/** The route with this id; throws for an unknown id (a programming error). */
export function routeById(id: string): RouteDefinition {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
}

/** Where banned users are sent (coupon-accounts §5 "ban page"): the block appeal page. */
export const BAN_PAGE_ROUTE: RouteId = 'block-appeal-history';
export const LOGIN_ROUTE: RouteId = 'login';
export const CONFIRM_TERMS_ROUTE: RouteId = 'confirm-terms';
