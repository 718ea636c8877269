import { describe, expect, it, vi } from 'vitest';
import { GUEST_SESSION } from '../routing/site-config.ts';
import {
  activeAccountFrom,
  getSession,
  headerAccountFrom,
  initSession,
  loadSessionStatus,
  SESSION_CHECK_RETRY_MS,
  setSessionStatus,
  subscribeSession,
} from './session-store.ts';

describe('session store', () => {
  it('keeps the guards’ session equal to the store and tells listeners', () => {
    const guardContext = { session: GUEST_SESSION };
    initSession(GUEST_SESSION, guardContext);
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    const player = { ...GUEST_SESSION, userId: 7 };
    setSessionStatus(player);
    expect(guardContext.session).toEqual(player);
    expect(getSession().status.userId).toBe(7);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('retries the session check 2 times 1500 ms apart, then gives up', async () => {
    const pauses: number[] = [];
    const fetchJson = vi.fn(async () => {
      throw new Error('down');
    });
    const status = await loadSessionStatus(fetchJson, async (ms) => pauses.push(ms));
    expect(status).toBeNull();
    expect(fetchJson).toHaveBeenCalledTimes(3);
    expect(pauses).toEqual([SESSION_CHECK_RETRY_MS, SESSION_CHECK_RETRY_MS]);
  });

  it('answers after a retry', async () => {
    let calls = 0;
    const status = await loadSessionStatus(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('blip');
        return { userId: 3, banLevel: 0, banVersion: 1, isTermsChanged: false, termsUpdatedAt: null };
      },
      async () => {},
    );
    expect(status?.userId).toBe(3);
  });

  it('reads the header account from the accounts answer', () => {
    expect(activeAccountFrom({ activeAccount: { money: '10.00', iso: 'RUB', symbol: '₽' } })).toEqual({
      money: '10.00',
      iso: 'RUB',
      symbol: '₽',
    });
    expect(activeAccountFrom({ activeAccount: null })).toBeNull();
  });
});

describe('the header balance from the accounts store', () => {
  const account = (iso: string, money: string, type: number, isActive: boolean) => ({
    id: iso,
    iso,
    symbol: iso === 'RUB' ? '₽' : '$',
    label: iso,
    money,
    moneyMinor: money.replace('.', ''),
    type,
    currencyId: 1,
    isActive,
    points: '0',
    isFrozen: false,
  });
  const state = (
    status: 'idle' | 'loading' | 'ready' | 'error' | 'guest',
    accounts = [] as ReturnType<typeof account>[],
  ) => ({
    status,
    accounts,
    activeAccount: accounts.find((a) => a.isActive) ?? null,
    mainAccount: accounts.find((a) => a.type === 0) ?? null,
    bonuses: [],
    isAccountFrozen: false,
    updatedAt: null,
  });

  it('shows the active account, else the main one, once the list is read', () => {
    const rub = account('RUB', '1500.00', 0, false);
    const usd = account('USD', '12.50', 9, true);
    expect(headerAccountFrom(state('ready', [rub, usd]))).toEqual({
      money: '12.50',
      iso: 'USD',
      symbol: '$',
    });
    expect(headerAccountFrom(state('ready', [rub]))).toEqual({ money: '1500.00', iso: 'RUB', symbol: '₽' });
    expect(headerAccountFrom(state('ready', []))).toBeNull();
  });

  it('keeps what is drawn while the store knows nothing, and clears it for a guest', () => {
    for (const status of ['idle', 'loading', 'error'] as const)
      expect(headerAccountFrom(state(status))).toBeUndefined();
    expect(headerAccountFrom(state('guest'))).toBeNull();
  });
});
