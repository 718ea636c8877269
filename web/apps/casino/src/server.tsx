/** The casino micro-app's server module (web/dist/server/casino.js): the routes of the table with app "casino". */
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { areaPageOf } from '@parlay/shell/routing/area-page.ts';
import { renderToString } from 'react-dom/server';
import { CasinoApp } from './CasinoApp.tsx';

const APP_NAME = 'casino';

const casino: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = areaPageOf(input, APP_NAME);
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
