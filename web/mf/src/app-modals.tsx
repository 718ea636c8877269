/**
 * Modals a micro-app lends the shell (its manifest lists their ids): the shell opens its modal frame
 * and mounts the app's contents into it through the app's browser entry, never by importing the app.
 * The entry exports mountModal/unmountModal, made here from a render function.
 */
import type { Language } from '@parlay/i18n/languages.ts';
import type { Dictionaries } from '@parlay/i18n/runtime.tsx';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** What the shell hands an app's modal: which one, the page language and the app's dictionaries. */
export interface AppModalProps {
  id: string;
  lng: Language;
  dictionaries: Dictionaries;
}

/** The part of an app's browser entry that draws its modals. */
export interface AppModalModule {
  mountModal(container: Element, props: AppModalProps): void;
  unmountModal(container: Element): void;
}

/** True when a loaded entry module draws modals. */
export function isAppModalModule(module: unknown): module is AppModalModule {
  const candidate = module as Partial<AppModalModule> | null;
  return typeof candidate?.mountModal === 'function' && typeof candidate.unmountModal === 'function';
}

/** mountModal/unmountModal of an app entry from a render function (one React root per container). */
export function defineModalClient(render: (props: AppModalProps) => ReactNode): AppModalModule {
  const roots = new WeakMap<Element, Root>();
  return {
    mountModal(container, props) {
      roots.get(container)?.unmount();
      const root = createRoot(container);
      root.render(render(props));
      roots.set(container, root);
    },
    unmountModal(container) {
      roots.get(container)?.unmount();
      roots.delete(container);
    },
  };
}
