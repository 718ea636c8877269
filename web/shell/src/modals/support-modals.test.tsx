/**
 * The support modals: the consultant modal's 10 s auto-close (coupon-accounts §9) and its cancel, the
 * support request history's order, limit and rows (links to their threads, status and date texts in
 * both languages), and the consultant modal's content for players and guests.
 */
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSULTANT_AUTO_CLOSE_MS,
  ConsultantModal,
  HISTORY_LIMIT,
  type HistoryRequest,
  historyItems,
  SupportHistoryList,
  scheduleAutoClose,
} from './SupportModals.tsx';

const tOf = (lng: Language) => {
  const translator = createTranslator(lng, pickDictionaries(lng, ['shell']));
  return (key: string, values?: Record<string, string | number>) => translator.t('shell', key, values);
};

const request = (
  id: number,
  updatedAt: string,
  status: HistoryRequest['status'] = 'open',
): HistoryRequest => ({
  id: String(id),
  subject: `Request ${id}`,
  status,
  updatedAt,
});

describe('the consultant modal closes by itself after 10 s', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes at 10 s, not before', () => {
    expect(CONSULTANT_AUTO_CLOSE_MS).toBe(10_000);
    const close = vi.fn();
    scheduleAutoClose(close, CONSULTANT_AUTO_CLOSE_MS);
    vi.advanceTimersByTime(9_999);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('stays open once cancelled (the player used it, or it closed otherwise)', () => {
    const close = vi.fn();
    const cancel = scheduleAutoClose(close, CONSULTANT_AUTO_CLOSE_MS);
    vi.advanceTimersByTime(5_000);
    cancel();
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(close).not.toHaveBeenCalled();
  });
});

describe('the support request history', () => {
  it('lists the newest activity first, at most HISTORY_LIMIT', () => {
    const many = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) =>
      request(i + 1, new Date(Date.UTC(2026, 10, 1 + i)).toISOString()),
    );
    const items = historyItems(many);
    expect(items).toHaveLength(HISTORY_LIMIT);
    expect(items[0]!.id).toBe(String(HISTORY_LIMIT + 5));
    expect(items.at(-1)!.id).toBe('6');
  });

  it('links every request to its thread with its status and date, in English and Russian', () => {
    const requests = [
      request(7, '2026-11-20T10:00:00.000Z', 'answered'),
      request(9, '2026-11-22T22:30:00.000Z', 'closed'),
    ];
    const en = renderToString(<SupportHistoryList t={tOf('en')} lng="en" timeZone={3} requests={requests} />);
    expect(en.indexOf('/en/office/support?request=9')).toBeLessThan(
      en.indexOf('/en/office/support?request=7'),
    );
    expect(en).toContain('aria-label="Your support requests"');
    expect(en).toContain('answered');
    expect(en).toContain('closed');
    expect(en).toContain('updated 23 Nov 2026');
    const ru = renderToString(<SupportHistoryList t={tOf('ru')} lng="ru" timeZone={3} requests={requests} />);
    expect(ru).toContain('/ru/office/support?request=7');
    expect(ru).toContain('есть ответ');
    expect(ru).toContain('обновлено');
  });

  it('says so when there are none', () => {
    const en = renderToString(<SupportHistoryList t={tOf('en')} lng="en" timeZone={0} requests={[]} />);
    expect(en).toContain('You have no support requests yet.');
    expect(en).not.toContain('<ul');
  });
});

describe('the consultant modal', () => {
  it('offers a signed-in player the support chat and the history, a guest the login', () => {
    const player = renderToString(
      <ConsultantModal t={tOf('en')} lng="en" signedIn={true} close={() => {}} />,
    );
    expect(player).toContain('href="/en/office/support"');
    expect(player).toContain('My support requests');
    expect(player).toContain('closes by itself after 10 seconds');
    const guest = renderToString(
      <ConsultantModal t={tOf('ru')} lng="ru" signedIn={false} close={() => {}} />,
    );
    expect(guest).toContain('href="/ru/user/login"');
    expect(guest).not.toContain('/ru/office/support');
    expect(guest).toContain('закроется само через 10 секунд');
  });
});
