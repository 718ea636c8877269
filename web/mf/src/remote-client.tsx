/**
 * The browser side of a micro-app: defineRemoteClient turns a render function into the
 * mount/hydrate/unmount module every app entry exports (one React root per container element).
 */
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ROOT_ATTRIBUTE } from './fragment-markup.ts';

/**
 * Hydrates in a transition: React yields to the browser every few milliseconds, so a long page
 * (dozens of event rows) or the header does not block input while it becomes interactive
 * (Lighthouse: a 60 ms task for the header alone on a mobile CPU).
 */
export function hydrateInTransition(
  container: Element,
  element: ReactNode,
  options?: Parameters<typeof hydrateRoot>[2],
): Root {
  let root: Root | undefined;
  // startTransition runs its callback at once.
  startTransition(() => {
    root = hydrateRoot(container, element, options);
  });
  if (!root) throw new Error('startTransition did not run its callback');
  return root;
}

/** What web/apps/<app>/src/client.tsx exports; the host calls it. */
export interface RemoteClientModule<Props = unknown> {
  /** Renders into `container` from scratch (no server markup). */
  mount(container: Element, props: Props): void;
  /** Attaches to the server markup in `container` (its [data-mf-root] element) with the same props. */
  hydrate(container: Element, props: Props): void;
  /** Unmounts what mount/hydrate attached to `container`; a no-op when nothing is attached. */
  unmount(container: Element): void;
}

export function defineRemoteClient<Props>(
  appName: string,
  render: (props: Props) => ReactNode,
): RemoteClientModule<Props> {
  const roots = new WeakMap<Element, Root>();

  function rootElementIn(container: Element): Element | null {
    if (container.getAttribute(ROOT_ATTRIBUTE) === appName) return container;
    return (
      [...container.querySelectorAll(`[${ROOT_ATTRIBUTE}]`)].find(
        (element) => element.getAttribute(ROOT_ATTRIBUTE) === appName,
      ) ?? null
    );
  }

  function unmount(container: Element): void {
    roots.get(container)?.unmount();
    roots.delete(container);
  }

  return {
    mount(container, props) {
      unmount(container);
      let target = rootElementIn(container);
      if (!target) {
        target = document.createElement('div');
        target.setAttribute(ROOT_ATTRIBUTE, appName);
        container.replaceChildren(target);
      }
      const root = createRoot(target);
      root.render(render(props));
      roots.set(container, root);
    },
    hydrate(container, props) {
      unmount(container);
      const target = rootElementIn(container);
      if (!target) throw new Error(`${appName}: no [${ROOT_ATTRIBUTE}="${appName}"] element to hydrate`);
      const root = hydrateInTransition(target, render(props), {
        onRecoverableError(error) {
          console.warn(`${appName}: hydration recovered from an error`, error);
        },
      });
      roots.set(container, root);
    },
    unmount,
  };
}
