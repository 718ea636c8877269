import { describe, expect, it } from 'vitest';
import {
  areasOf,
  dismissNotification,
  MAX_QUEUED_PER_AREA,
  type NotificationQueue,
  pushNotification,
  toNotification,
  visibleIn,
  waitingIn,
} from './queue.ts';

function pushMany(queue: NotificationQueue, area: string, count: number, prefix = area): NotificationQueue {
  let next = queue;
  for (let i = 1; i <= count; i += 1)
    next = pushNotification(next, toNotification({ area, text: `${i}` }, `${prefix}-${i}`));
  return next;
}

describe('area limits', () => {
  it.each([
    ['default', 1, 1, 0],
    ['default', 3, 3, 0],
    ['default', 5, 3, 2],
    ['top', 1, 1, 0],
    ['top', 4, 1, 3],
    ['coupon', 2, 1, 1],
  ])('%s with %i pushed shows %i and queues %i', (area, pushed, shown, waiting) => {
    const queue = pushMany([], area, pushed);
    expect(visibleIn(queue, area)).toHaveLength(shown);
    expect(waitingIn(queue, area)).toBe(waiting);
  });

  it('areas do not share their limits', () => {
    const queue = pushMany(pushMany([], 'default', 4), 'top', 2);
    expect(visibleIn(queue, 'default').map((n) => n.id)).toEqual(['default-1', 'default-2', 'default-3']);
    expect(visibleIn(queue, 'top').map((n) => n.id)).toEqual(['top-1']);
    expect(areasOf(queue)).toEqual(['default', 'top']);
  });

  it('dismissing a visible notification shows the next waiting one', () => {
    let queue = pushMany([], 'default', 5);
    queue = dismissNotification(queue, 'default-2');
    expect(visibleIn(queue, 'default').map((n) => n.id)).toEqual(['default-1', 'default-3', 'default-4']);
    expect(waitingIn(queue, 'default')).toBe(1);
  });

  it('a notification with a known id replaces it in place', () => {
    let queue = pushMany([], 'default', 2);
    queue = pushNotification(queue, toNotification({ id: 'default-1', text: 'new' }, 'x'));
    expect(queue.map((n) => n.text)).toEqual(['new', '2']);
  });

  it('keeps at most the limit plus MAX_QUEUED_PER_AREA, dropping the oldest waiting one', () => {
    const queue = pushMany([], 'top', 1 + MAX_QUEUED_PER_AREA + 3);
    expect(queue).toHaveLength(1 + MAX_QUEUED_PER_AREA);
    expect(visibleIn(queue, 'top')[0]?.id).toBe('top-1');
    expect(queue[1]?.id).toBe('top-5');
  });
});

describe('defaults', () => {
  it('fills area, kind and timeout', () => {
    expect(toNotification({ text: 'Saved' }, 'n1')).toEqual({
      id: 'n1',
      area: 'default',
      kind: 'info',
      text: 'Saved',
      timeoutMs: 6000,
    });
    expect(toNotification({ id: 'v', timeoutMs: null, kind: 'warning' }, 'n2')).toMatchObject({
      id: 'v',
      timeoutMs: null,
      kind: 'warning',
    });
  });
});
