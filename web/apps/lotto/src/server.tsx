/** The lotto micro-app's server module (web/dist/server/lotto.js): the routes of the table with app "lotto". */
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { areaPageOf } from '@parlay/shell/routing/area-page.ts';
import { renderToString } from 'react-dom/server';
import { LottoApp } from './LottoApp.tsx';

const APP_NAME = 'lotto';

const lotto: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = areaPageOf(input, APP_NAME);
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
