/**
 * The back office's server module: every page renders its frame on the server (the sign-in form
 * whole; a section its navigation skeleton and heading); the operator's data loads in the browser
 * with the back-office cookie, which the site's server renders never carry.
 */
import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { BackofficeApp } from './BackofficeApp.tsx';
import { dictionaries } from './dictionaries.ts';

const pages = appPages(manifest, dictionaries);

const backoffice: RemoteServerModule = {
  appName: manifest.name,
  async render(input) {
    const { lng, page } = pages.areaPageOf(input);
    if (!page) return notFoundResult(manifest.name, lng);
    const html = renderToString(<BackofficeApp {...page.props} />);
    return {
      status: 200,
      fragment: createFragment({
        appName: manifest.name,
        title: page.props.frame.title,
        html,
        props: page.props,
        assets: input.assets,
      }),
    };
  },
};

export default backoffice;
