import { describe, expect, it } from 'vitest';
import {
  actualWinMinor,
  betsCsvUrl,
  historyQuery,
  isBetMessage,
  isOpenBet,
  localDayStart,
  partialOfferMinor,
} from './bets-api.ts';

describe('history query', () => {
  it.each([
    [{ periodDays: 30, lng: 'en' }, 'period=30&lng=en'],
    [
      { periodDays: 7, status: 'open' as const, typeId: 1, lng: 'ru' },
      'period=7&status=open&typeId=1&lng=ru',
    ],
    [{ periodDays: 1, status: '' as const, typeId: null, page: 1, lng: 'en' }, 'period=1&lng=en'],
    [
      { periodDays: 90, typeId: 0, page: 3, pageSize: 20, lng: 'en' },
      'period=90&typeId=0&page=3&pageSize=20&lng=en',
    ],
  ])('%j → %s', (filter, expected) => {
    expect(historyQuery(filter)).toBe(expected);
  });

  it('turns a custom day range into local instants, the end day included', () => {
    const q = new URLSearchParams(
      historyQuery({ periodDays: 30, fromDay: '2026-06-01', toDay: '2026-06-03', lng: 'en' }),
    );
    expect(q.get('from')).toBe(new Date(2026, 5, 1).toISOString());
    expect(q.get('to')).toBe(new Date(2026, 5, 4).toISOString());
    expect(localDayStart('2026-02-30')).toBe(new Date(2026, 2, 2).toISOString());
    expect(localDayStart('01.06.2026')).toBeNull();
    expect(historyQuery({ periodDays: 7, fromDay: 'nonsense', lng: 'en' })).toBe('period=7&lng=en');
  });

  it('exports every matching bet as CSV, not one page', () => {
    expect(betsCsvUrl({ periodDays: 7, status: 'won', page: 4, pageSize: 20, lng: 'ru' })).toBe(
      '/web-api/betting/v1/bets.csv?period=7&status=won&lng=ru',
    );
  });
});

describe('bet money', () => {
  it.each([
    ['12666', '10000', '5000', '6333'],
    ['12666', '10000', '10000', '12666'],
    ['12666', '10000', '1', '1'],
    ['999', '1000', '1', '0'],
    ['5000', '0', '0', '0'],
    // Far beyond 2^53: bigint all the way.
    ['900719925474099300', '900719925474099300', '300239975158033100', '300239975158033100'],
  ])('offer %s for stake %s, part %s → %s', (offer, stake, part, expected) => {
    expect(partialOfferMinor(offer, stake, part)).toBe(expected);
  });

  it.each([
    [{ payoutMinor: null, cashedOutMinor: '0' }, null],
    [{ payoutMinor: null, cashedOutMinor: '6333' }, '6333'],
    [{ payoutMinor: '0', cashedOutMinor: '0' }, '0'],
    [{ payoutMinor: '10000', cashedOutMinor: '6333' }, '16333'],
  ])('actual win of %j is %s', (bet, expected) => {
    expect(actualWinMinor(bet)).toBe(expected);
  });

  it('knows open bets and bet messages', () => {
    expect(isOpenBet({ status: 'accepted' })).toBe(true);
    expect(isOpenBet({ status: 'pending_delay' })).toBe(true);
    expect(isOpenBet({ status: 'cashed_out' })).toBe(false);
    expect(isBetMessage({ type: 'bet', betId: '5', status: 'won' })).toBe(true);
    expect(isBetMessage({ type: 'balance', accounts: [] })).toBe(false);
    expect(isBetMessage(null)).toBe(false);
  });
});
