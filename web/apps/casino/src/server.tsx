/** The casino micro-app's server module (web/dist/server/casino.js): the routes of the table with app "casino". */

import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { CasinoApp } from './CasinoApp.tsx';
import { dictionaries } from './dictionaries.ts';

const APP_NAME = manifest.name;
const pages = appPages(manifest, dictionaries);

const casino: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = pages.areaPageOf(input);
    if (!page) return notFoundResult(APP_NAME, lng);
    const { props } = page;
    const html = renderToString(<CasinoApp {...props} />);
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

export default casino;
