/**
 * Notification areas (site-shell §1): the default area shows at most 3 notifications at once, every
 * other area at most 1; the rest wait in order. Pure: state in, state out.
 */
import type { NotificationKind, NotificationRequest } from '@parlay/mf/host-api.ts';

export const DEFAULT_AREA = 'default';
export const DEFAULT_AREA_LIMIT = 3;
export const OTHER_AREA_LIMIT = 1;
/** Waiting notifications kept per area; the oldest waiting one is dropped beyond it. */
export const MAX_QUEUED_PER_AREA = 20;
export const DEFAULT_TIMEOUT_MS = 6000;

export interface ShellNotification {
  id: string;
  area: string;
  kind: NotificationKind;
  title?: string;
  titleKey?: string;
  text?: string;
  textKey?: string;
  lang?: string;
  timeoutMs: number | null;
  action?: NotificationRequest['action'];
}

/** Notifications in the order they arrived; which are visible follows from the area limits. */
export type NotificationQueue = readonly ShellNotification[];

export function areaLimit(area: string): number {
  return area === DEFAULT_AREA ? DEFAULT_AREA_LIMIT : OTHER_AREA_LIMIT;
}

/** Fills in the defaults of a request; `fallbackId` names it when the request has no id. */
export function toNotification(request: NotificationRequest, fallbackId: string): ShellNotification {
  return {
    id: request.id ?? fallbackId,
    area: request.area || DEFAULT_AREA,
    kind: request.kind ?? 'info',
    ...(request.title ? { title: request.title } : {}),
    ...(request.titleKey ? { titleKey: request.titleKey } : {}),
    ...(request.text ? { text: request.text } : {}),
    ...(request.textKey ? { textKey: request.textKey } : {}),
    ...(request.lang ? { lang: request.lang } : {}),
    timeoutMs: request.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : request.timeoutMs,
    ...(request.action ? { action: request.action } : {}),
  };
}

/** Adds a notification; one with the id of an existing notification replaces it in place. */
export function pushNotification(queue: NotificationQueue, item: ShellNotification): NotificationQueue {
  const index = queue.findIndex((existing) => existing.id === item.id);
  if (index >= 0) return queue.map((existing, i) => (i === index ? item : existing));
  const next = [...queue, item];
  const inArea = next.filter((existing) => existing.area === item.area);
  if (inArea.length <= areaLimit(item.area) + MAX_QUEUED_PER_AREA) return next;
  const dropped = inArea[areaLimit(item.area)];
  return next.filter((existing) => existing !== dropped);
}

export function dismissNotification(queue: NotificationQueue, id: string): NotificationQueue {
  return queue.filter((item) => item.id !== id);
}

/** The notifications on screen in one area: the first ones up to its limit. */
export function visibleIn(queue: NotificationQueue, area: string): ShellNotification[] {
  return queue.filter((item) => item.area === area).slice(0, areaLimit(area));
}

export function waitingIn(queue: NotificationQueue, area: string): number {
  return Math.max(0, queue.filter((item) => item.area === area).length - areaLimit(area));
}

/** Areas that have something to show, default first. */
export function areasOf(queue: NotificationQueue): string[] {
  const areas = [...new Set(queue.map((item) => item.area))];
  return areas.sort((a, b) => (a === DEFAULT_AREA ? -1 : b === DEFAULT_AREA ? 1 : a.localeCompare(b)));
}
