/**
 * The technical micro-app's server module (web/dist/server/technical.js): its routes of the table
 * (/500, /oldbrowser, block pages), and the 404 page for every path it does not own, which is how
 * the shell renders "no matching page". The shell sets the page status (500, 403, 503) from the route.
 */
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { dictionaries } from './dictionaries.ts';
import { BLOCK_PAGE_IDS, TechnicalApp, type TechnicalPage, type TechnicalProps } from './TechnicalApp.tsx';

const APP_NAME = manifest.name;
const pages = appPages(manifest, dictionaries);

function pageOf(routeId: string | undefined): TechnicalPage {
  if (routeId === 'oldbrowser' || routeId === 'server-error') return routeId;
  const block = BLOCK_PAGE_IDS.find((id) => id === routeId);
  return block ?? 'not-found';
}

const technical: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = pages.areaPageOf(input);
    if (input.components !== null) return notFoundResult(APP_NAME, lng);
    const technicalPage = pageOf(page?.match.route.id);
    const props: TechnicalProps = {
      lng,
      page: technicalPage,
      dictionaries: dictionaries.pick(lng, ['technical']),
    };
    const title =
      page?.props.frame.title ??
      createTranslator(lng, dictionaries.pick(lng, ['errors'])).t('errors', 'not_found_title');
    const html = renderToString(<TechnicalApp {...props} />);
    return {
      status: technicalPage === 'not-found' ? 404 : 200,
      fragment: createFragment({ appName: APP_NAME, title, html, props, assets: input.assets }),
    };
  },
};

export default technical;
