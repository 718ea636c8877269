/**
 * The host API every micro-app reaches through the shell: notifications, modals, the web-app install
 * prompt and the remembered side panels. Calls travel as window events (one JS realm, so plain objects
 * and functions pass as they are), which also lets non-module scripts and tests use them:
 *   window.dispatchEvent(new CustomEvent('parlay:notify', { detail: { text: 'Saved' } }))
 * The shell listens from its first line of code, before any micro-app runs.
 */

export const HOST_EVENTS = {
  notify: 'parlay:notify',
  dismissNotification: 'parlay:notification-dismiss',
  openModal: 'parlay:modal-open',
  closeModal: 'parlay:modal-close',
  install: 'parlay:install',
  panel: 'parlay:panel',
} as const;

export type NotificationKind = 'info' | 'success' | 'warning' | 'error';

/** A notification request. Texts are either ready (title/text) or keys of the shell dictionary. */
export interface NotificationRequest {
  /** A notification with the id of one already shown replaces it. */
  id?: string;
  /** "default" shows up to 3 at once; every other area shows 1 (the rest wait in a queue). */
  area?: string;
  kind?: NotificationKind;
  title?: string;
  titleKey?: string;
  text?: string;
  textKey?: string;
  /** Language of title/text when it differs from the page's (e.g. the maintenance notice). */
  lang?: string;
  /** Auto-dismiss after this many ms once shown; null keeps it until closed. Default 6000. */
  timeoutMs?: number | null;
  action?: { label?: string; labelKey?: string; run(): void };
}

export interface ModalRequest {
  id: string;
  /** Free data for the modal's content (the issue owning the modal defines it). */
  props?: Record<string, unknown>;
}

export type PanelSide = 'left' | 'right';

function emit(name: string, detail: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Shows a notification: notify({ area: 'default', kind: 'success', text: 'Bet accepted at 1.85' }). */
export function notify(request: NotificationRequest): void {
  emit(HOST_EVENTS.notify, request);
}

export function dismissNotification(id: string): void {
  emit(HOST_EVENTS.dismissNotification, { id });
}

/** Opens a modal of the shell's registry by id, e.g. openModal('login'). */
export function openModal(id: string, props?: Record<string, unknown>): void {
  emit(HOST_EVENTS.openModal, { id, props } satisfies ModalRequest);
}

export function closeModal(id: string): void {
  emit(HOST_EVENTS.closeModal, { id });
}

/** Offers the captured "install the web app" prompt, if the browser gave one. */
export function requestInstall(): void {
  emit(HOST_EVENTS.install, null);
}

/** Remembers a hidden or shown side panel (stored only with functional cookie consent). */
export function rememberPanel(side: PanelSide, hidden: boolean): void {
  emit(HOST_EVENTS.panel, { side, hidden });
}
