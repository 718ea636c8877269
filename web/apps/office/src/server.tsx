/** The office micro-app's server module (web/dist/server/office.js): the routes of the table with app "office". */
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { areaPageOf } from '@parlay/shell/routing/area-page.ts';
import { renderToString } from 'react-dom/server';
import { OfficeApp } from './OfficeApp.tsx';
import { clockOf } from './office-clock.tsx';

const APP_NAME = 'office';

const office: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = areaPageOf(input, APP_NAME);
    if (!page) return notFoundResult(APP_NAME, lng);
    const props = { ...page.props, clock: clockOf(input.context) };
    const html = renderToString(<OfficeApp {...props} />);
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

export default office;
