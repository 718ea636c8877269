import { describe, expect, it } from 'vitest';
import {
  closeModalIn,
  identificationFlavour,
  MODAL_IDS,
  MODALS,
  type ModalStack,
  modalFromQuery,
  openModalIn,
  searchWithoutModal,
  topModal,
} from './registry.ts';

describe('registry', () => {
  it('has every modal of the spec', () => {
    for (const id of [
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
      'user-question',
      'navigation-menu',
    ]) {
      expect(MODAL_IDS).toContain(id);
      expect(MODALS[id as (typeof MODAL_IDS)[number]].id).toBe(id);
    }
  });

  it('only the terms confirmation failure cannot be dismissed', () => {
    expect(MODAL_IDS.filter((id) => !MODALS[id].closable)).toEqual(['confirm-terms-error']);
  });
});

describe('opening from the URL', () => {
  it.each([
    ['?modal=login', false, 'login'],
    ['?modal=login', true, null],
    ['?modal=user-question', true, 'user-question'],
    ['?modal=reality-check', false, null],
    ['?modal=reality-check', true, 'reality-check'],
    ['?modal=nope', false, null],
    ['?showForgotPasswordModal=1', false, 'forgot-password'],
    ['?showForgotPasswordModal=1', true, null],
    ['?showForgotPasswordModal=0', false, null],
    ['', false, null],
  ])('%s (authenticated %s) → %s', (search, authenticated, id) => {
    expect(modalFromQuery(search, authenticated)).toBe(id);
  });

  it.each([
    ['?modal=login', ''],
    ['?a=1&modal=login&b=2', '?a=1&b=2'],
    ['?showForgotPasswordModal=1&x=y', '?x=y'],
  ])('closing removes the parameter: %s → "%s"', (search, rest) => {
    expect(searchWithoutModal(search)).toBe(rest);
  });
});

describe('identification flavour', () => {
  it.each([
    [['documents', 'faceid'], 'faceid'],
    [['FaceId'], 'faceid'],
    [['documents'], 'documents'],
    [undefined, 'documents'],
  ] as Array<[string[] | undefined, string]>)('%o → %s', (types, flavour) => {
    expect(identificationFlavour(types)).toBe(flavour);
  });
});

describe('stack', () => {
  it('opens on top, moves a reopened modal up and closes by id', () => {
    let stack: ModalStack = [];
    stack = openModalIn(stack, 'login');
    stack = openModalIn(stack, 'privacy-update');
    stack = openModalIn(stack, 'login');
    expect(stack.map((e) => e.id)).toEqual(['privacy-update', 'login']);
    expect(topModal(stack)).toBe('login');
    stack = closeModalIn(stack, 'login');
    expect(topModal(stack)).toBe('privacy-update');
  });

  it('a non-closable modal stays until forced', () => {
    const stack = openModalIn([], 'confirm-terms-error');
    expect(closeModalIn(stack, 'confirm-terms-error')).toBe(stack);
    expect(closeModalIn(stack, 'confirm-terms-error', true)).toEqual([]);
  });

  it('keeps at most 5 open', () => {
    let stack: ModalStack = [];
    for (const id of MODAL_IDS) stack = openModalIn(stack, id);
    expect(stack).toHaveLength(5);
    expect(topModal(stack)).toBe(MODAL_IDS.at(-1));
  });
});
