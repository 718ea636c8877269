/**
 * The contents of a modal a micro-app lends the shell (the login, registration and forgot-password
 * forms of the auth app): the shell loads the app's browser entry named in the page state on first
 * open and mounts the modal into this slot with mountModal (web/mf/src/app-modals.tsx), so the first
 * page load does not carry the forms and the shell never imports an app. The texts are the shared
 * namespaces (auth, limits, errors…), loaded as cached chunks (i18n/src/site-dictionaries.ts) over the
 * page state's.
 */
import type { Language, SiteNamespace } from '@parlay/i18n/languages.ts';
import { loadSiteDictionaries } from '@parlay/i18n/site-dictionaries.ts';
import { type AppModalModule, isAppModalModule } from '@parlay/mf/app-modals.tsx';
import { useEffect, useRef, useState } from 'react';
import { readShellState } from '../state.ts';

const loading = new Map<string, Promise<AppModalModule>>();
/** The shared namespaces a lent modal may read. */
const MODAL_NAMESPACES: readonly SiteNamespace[] = ['common', 'errors', 'shell', 'auth', 'limits'];

/** The app's stylesheets, once per page (a page of that app has them already). */
function addStylesheets(hrefs: readonly string[]): void {
  const present = new Set(
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')),
  );
  for (const href of hrefs) {
    if (present.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

function loadEntry(entry: string): Promise<AppModalModule> {
  let pending = loading.get(entry);
  if (!pending) {
    pending = (import(/* @vite-ignore */ entry) as Promise<unknown>).then((module) => {
      if (!isAppModalModule(module)) throw new Error(`${entry} does not export mountModal`);
      return module;
    });
    pending.catch(() => loading.delete(entry));
    loading.set(entry, pending);
  }
  return pending;
}

export function AppModalSlot({ id, lng, loadingText }: { id: string; lng: Language; loadingText: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const state = readShellState(document);
    const source = state?.appModals?.[id];
    const element = container.current;
    if (!source || !element) return;
    let live = true;
    let mounted: AppModalModule | null = null;
    addStylesheets(source.css);
    void Promise.all([
      loadEntry(source.entry),
      loadSiteDictionaries(lng, MODAL_NAMESPACES, state.dictionaries),
    ])
      .then(([module, dictionaries]) => {
        if (!live) return;
        module.mountModal(element, { id, lng, dictionaries });
        mounted = module;
        setReady(true);
      })
      .catch((error: unknown) => console.error(`modal ${id} failed to load`, error));
    return () => {
      live = false;
      mounted?.unmountModal(element);
    };
  }, [id, lng]);
  return (
    <>
      {ready ? null : <p aria-busy="true">{loadingText}</p>}
      <div ref={container} />
    </>
  );
}
