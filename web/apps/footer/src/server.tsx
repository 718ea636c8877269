/** The footer micro-app's server module (web/dist/server/footer.js): the "footer" component only. */
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult, requestLanguage } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { dictionaries } from './dictionaries.ts';
import { Footer, type FooterProps } from './Footer.tsx';

const APP_NAME = manifest.name;
const COMPONENT = 'footer';

const footer: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const lng = requestLanguage(input);
    if (!input.components?.includes(COMPONENT)) return notFoundResult(APP_NAME, lng);
    const props: FooterProps = {
      lng,
      year: new Date().getUTCFullYear(),
      dictionaries: dictionaries.pick(lng, ['footer']),
    };
    const html = renderToString(<Footer {...props} />);
    return {
      status: 200,
      fragment: createFragment({ appName: APP_NAME, title: '', html, props, assets: input.assets }),
    };
  },
};

export default footer;
