/** The lotto micro-app's server module (web/dist/server/lotto.js): the routes of the table with app "lotto". */

import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { dictionaries } from './dictionaries.ts';
import { LottoApp } from './LottoApp.tsx';

const APP_NAME = manifest.name;
const pages = appPages(manifest, dictionaries);

const lotto: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = pages.areaPageOf(input);
    if (!page) return notFoundResult(APP_NAME, lng);
    const { props } = page;
    const html = renderToString(<LottoApp {...props} />);
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
  },
};

export default lotto;
