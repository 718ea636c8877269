/**
 * Helpers for a micro-app's server module (bundled into web/dist/server/<app>.js): build a fragment
 * that the remote validates before answering, and the standard 404 fragment for paths it does not own.
 */
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language, splitLanguagePrefix } from '@parlay/i18n/languages.ts';
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { Heading, Link } from '@parlay/ui/index.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppAssets, RemoteRenderInput, RemoteRenderResult } from './contract.ts';
import { fragmentBody } from './fragment-markup.ts';
import { escapeHtml, splitUrl } from './html.ts';
import { type Fragment, parseFragment } from './protocol.ts';

export interface FragmentParts {
  appName: string;
  title: string;
  /** React markup of the app root (renderToString), hydrated in the browser with `props`. */
  html: string;
  props: unknown;
  assets: AppAssets;
  head?: string;
}

/** A validated fragment whose body hydrates with the app's own entry and CSS. */
export function createFragment(parts: FragmentParts): Fragment {
  return parseFragment({
    appName: parts.appName,
    title: parts.title,
    body: fragmentBody(parts.appName, parts.html, parts.props),
    style: '',
    cssToLoad: parts.assets.css,
    codeToEval: '',
    scriptsToLoad: [parts.assets.entry],
    head: parts.head ?? '',
  });
}

/** The language of a fragment request: the URL prefix, else the context header, else the default. */
export function requestLanguage(input: Pick<RemoteRenderInput, 'url' | 'context'>): Language {
  const prefix = splitLanguagePrefix(splitUrl(input.url).pathname);
  if (prefix) return prefix.lng;
  return isLanguage(input.context.lng) ? input.context.lng : DEFAULT_LANGUAGE;
}

function NotFound({ lng }: { lng: Language }) {
  const t = useT('errors');
  return (
    <section>
      <Heading level={1}>{t('not_found')}</Heading>
      <p>
        <Link href={`/${lng}/`}>{t('go_home')}</Link>
      </p>
    </section>
  );
}

/** The 404 answer of a micro-app for a path (or component list) it does not own; static, nothing to hydrate. */
export function notFoundResult(appName: string, lng: Language): RemoteRenderResult {
  const translator = createTranslator(lng, pickDictionaries(lng, ['errors']));
  const html = renderToStaticMarkup(
    <I18nProvider translator={translator}>
      <NotFound lng={lng} />
    </I18nProvider>,
  );
  const fragment = parseFragment({
    appName,
    title: translator.t('errors', 'not_found_title'),
    body: `<div data-mf-static="${escapeHtml(appName)}">${html}</div>`,
    style: '',
    cssToLoad: [],
    codeToEval: '',
    scriptsToLoad: [],
    head: '',
  });
  return { status: 404, fragment };
}
