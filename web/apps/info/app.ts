/** The information micro-app: rules, contacts and policies, promotions, content pages and the mobile pages. */
import { type AreaDefaults, defineApp, route } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    info: true;
    'info-bonus': true;
  }
}

const INFORMATION: AreaDefaults = {
  area: 'information',
  layout: 'default',
  guards: ['terms-exempt', 'banned-allowed'],
  dictionaries: ['info'],
  robots: 'index',
  parent: 'home',
};
const PROMOTIONS: AreaDefaults = {
  ...INFORMATION,
  area: 'promotions',
  guards: [],
  parent: 'promotions',
  dictionaries: ['info', 'info-bonus', 'errors'],
};
const CONTENT: AreaDefaults = { ...INFORMATION, area: 'content', guards: [] };
const MOBILE: AreaDefaults = { ...INFORMATION, area: 'mobile', guards: [] };

export default defineApp({
  name: 'info',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: ['info', 'info-bonus'],
  sectionMenus: ['information'],
  menu: [
    { id: 'promotions', path: '/promotions', order: 110, priority: 3, active: { routes: ['promotions'] } },
    {
      id: 'contacts',
      path: '/information/contacts',
      order: 220,
      priority: 'more',
      active: { routes: ['contacts'] },
    },
  ],
  routes: [
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
    // Other
    route('mobile', '/mobile', MOBILE),
    route('mobile-app-download', '/mobile/app-download', MOBILE, { parent: 'mobile' }),
    route('mobile-apk-download', '/mobile/apk-download', MOBILE, { parent: 'mobile' }),
    route('desktop', '/desktop', MOBILE),
    // The spec's app pages: no native app exists, so they offer the installable web app.
    route('cricket-app', '/cricket-app', MOBILE, { parent: 'mobile' }),
    route('ipl-betting-app', '/ipl-betting-app', MOBILE, { parent: 'mobile' }),
    route('ios-app', '/ios-app', MOBILE, { parent: 'mobile' }),
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
  ],
});
