/**
 * The shell's modals (site-shell §2 "Modals", coupon-accounts §2): one registry entry each with its
 * dictionary keys (namespace "shell"), who may see it and whether the player may dismiss it. The
 * issue owning a modal's content replaces its frame; the framework (focus, Escape, stacking, opening
 * from the host API or the URL) stays here.
 */

export const MODAL_IDS = [
  'reality-check',
  'cash',
  'first-deposit-bonus',
  'new-site-information',
  'identification',
  'privacy-update',
  'cookie-consent',
  'support-request-history',
  'login',
  'registration',
  'forgot-password',
  'user-question',
  'navigation-menu',
  'confirm-terms-error',
  'account-conversion',
] as const;
export type ModalId = (typeof MODAL_IDS)[number];

export type ModalAudience = 'any' | 'guest' | 'user';

export interface ModalDefinition {
  id: ModalId;
  /** Keys under modals.<id> in the shell dictionary: title and text. */
  audience: ModalAudience;
  /** false: no close button, Escape and the backdrop do nothing (spec: terms confirmation failure). */
  closable: boolean;
  /** dialog: centred, the page inert behind it; sheet: a side drawer (menu); banner: non-blocking. */
  presentation: 'dialog' | 'sheet' | 'banner';
}

const modal = (
  id: ModalId,
  audience: ModalAudience = 'any',
  extra: Partial<Omit<ModalDefinition, 'id' | 'audience'>> = {},
): ModalDefinition => ({ id, audience, closable: true, presentation: 'dialog', ...extra });

export const MODALS: Readonly<Record<ModalId, ModalDefinition>> = {
  'reality-check': modal('reality-check', 'user'),
  cash: modal('cash', 'user'),
  'first-deposit-bonus': modal('first-deposit-bonus', 'user'),
  'new-site-information': modal('new-site-information', 'guest'),
  identification: modal('identification', 'user'),
  'privacy-update': modal('privacy-update'),
  'cookie-consent': modal('cookie-consent', 'any', { presentation: 'banner' }),
  'support-request-history': modal('support-request-history', 'user'),
  login: modal('login', 'guest'),
  registration: modal('registration', 'guest'),
  'forgot-password': modal('forgot-password', 'guest'),
  'user-question': modal('user-question'),
  'navigation-menu': modal('navigation-menu', 'any', { presentation: 'sheet' }),
  'confirm-terms-error': modal('confirm-terms-error', 'user', { closable: false }),
  'account-conversion': modal('account-conversion', 'user'),
};

export function isModalId(value: unknown): value is ModalId {
  return typeof value === 'string' && (MODAL_IDS as readonly string[]).includes(value);
}

export function mayShow(id: ModalId, authenticated: boolean): boolean {
  const { audience } = MODALS[id];
  return audience === 'any' || (audience === 'user') === authenticated;
}

/**
 * The modal the URL asks for: ?modal=<id>, or the spec's ?showForgotPasswordModal=1 (guests only).
 * modalFromQuery('?modal=login', false) → 'login'; ('?showForgotPasswordModal=1', true) → null.
 */
export function modalFromQuery(search: string, authenticated: boolean): ModalId | null {
  const params = new URLSearchParams(search);
  const requested = params.get('showForgotPasswordModal') === '1' ? 'forgot-password' : params.get('modal');
  if (!isModalId(requested)) return null;
  return mayShow(requested, authenticated) ? requested : null;
}

/** The query string without the modal parameters, so closing a modal does not reopen it on reload. */
export function searchWithoutModal(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('modal');
  params.delete('showForgotPasswordModal');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The identification flavour: face id when the configured verification types include faceid. */
export function identificationFlavour(
  verificationTypes: readonly string[] | undefined,
): 'faceid' | 'documents' {
  return (verificationTypes ?? []).some((type) => type.toLowerCase() === 'faceid') ? 'faceid' : 'documents';
}

/** Open modals, the last one on top. Opening an open modal moves it to the top. */
export type ModalStack = readonly { id: ModalId; props: Record<string, unknown> }[];
export const MAX_OPEN_MODALS = 5;

export function openModalIn(stack: ModalStack, id: ModalId, props: Record<string, unknown> = {}): ModalStack {
  const rest = stack.filter((entry) => entry.id !== id);
  return [...rest, { id, props }].slice(-MAX_OPEN_MODALS);
}

/** Closes a modal; a non-closable one stays unless `force` (its own action closes it). */
export function closeModalIn(stack: ModalStack, id: ModalId, force = false): ModalStack {
  if (!force && !MODALS[id].closable) return stack;
  return stack.filter((entry) => entry.id !== id);
}

export function topModal(stack: ModalStack): ModalId | null {
  return stack.at(-1)?.id ?? null;
}
