/** The information micro-app's server module (web/dist/server/info.js): /{lng}/information/*. */
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import { splitLanguagePrefix } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import { createFragment, notFoundResult, requestLanguage } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import { InfoApp, type InfoProps } from './InfoApp.tsx';
import { infoPageOf } from './pages.ts';

const APP_NAME = 'info';

const info: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const lng = requestLanguage(input);
    const prefix = splitLanguagePrefix(splitUrl(input.url).pathname);
    const page = prefix && input.components === null ? infoPageOf(prefix.rest) : null;
    if (!page) return notFoundResult(APP_NAME, lng);
    const dictionaries = pickDictionaries(lng, ['info']);
    const props: InfoProps = { lng, page, dictionaries };
    const title = createTranslator(lng, dictionaries).t('info', `${page}.title`);
    const html = renderToString(<InfoApp {...props} />);
    return {
      status: 200,
      fragment: createFragment({ appName: APP_NAME, title, html, props, assets: input.assets }),
    };
  },
};

export default info;
