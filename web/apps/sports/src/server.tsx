/**
 * The sports micro-app's server module (web/dist/server/sports.js): the home page "/{lng}/" with the
 * sports list, and the frames of the other sports, esports, results and coupon routes of the table.
 */
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import { createFragment, notFoundResult, requestLanguage } from '@parlay/mf/remote-server.tsx';
import { areaPageOf } from '@parlay/shell/routing/area-page.ts';
import { renderToString } from 'react-dom/server';
import type { SportsProps } from './props.ts';
import { SportsApp } from './SportsApp.tsx';
import { SportsArea } from './SportsArea.tsx';
import { loadSports } from './sports-api.ts';

const APP_NAME = 'sports';

const sports: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const lng = requestLanguage(input);
    const { pathname } = splitUrl(input.url);
    if (input.components === null && pathname !== `/${lng}/`) {
      const { page } = areaPageOf(input, APP_NAME);
      if (page) {
        const html = renderToString(<SportsArea {...page.props} />);
        const { props } = page;
        return {
          status: 200,
          fragment: createFragment({
            appName: APP_NAME,
            title: props.frame.title,
            html,
            props,
            assets: input.assets,
          }),
        };
      }
    }
    if (input.components !== null || pathname !== `/${lng}/`) return notFoundResult(APP_NAME, lng);
    const dictionaries = pickDictionaries(lng, ['sports']);
    const props: SportsProps = {
      lng,
      dictionaries,
      sports: await loadSports(input.api, lng),
      timeZone: input.context.timeZone,
    };
    const title = createTranslator(lng, dictionaries).t('sports', 'title');
    const html = renderToString(<SportsApp {...props} />);
    return {
      status: 200,
      fragment: createFragment({ appName: APP_NAME, title, html, props, assets: input.assets }),
    };
  },
};

export default sports;
