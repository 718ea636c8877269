/**
 * The notification areas on screen. "default" floats at the top right (full width on mobile) and shows
 * up to 3; "top" is a page-wide strip under the header (maintenance, ad blocker) and every other area
 * floats at the bottom; those show 1. Auto-dismiss timers start when a notification is shown and
 * pause while the pointer or focus is on it.
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './notifications.module.css';
import {
  DEFAULT_AREA,
  type NotificationQueue,
  type ShellNotification,
  visibleIn,
  waitingIn,
} from './queue.ts';

export const TOP_AREA = 'top';

interface ItemProps {
  item: ShellNotification;
  t: TranslateFn;
  onDismiss(id: string): void;
}

function NotificationItem({ item, t, onDismiss }: ItemProps) {
  const timer = useRef<number | undefined>(undefined);
  const start = () => {
    window.clearTimeout(timer.current);
    if (item.timeoutMs !== null) timer.current = window.setTimeout(() => onDismiss(item.id), item.timeoutMs);
  };
  const pause = () => window.clearTimeout(timer.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the notification changes
  useEffect(() => {
    start();
    return pause;
  }, [item]);
  const title = item.title ?? (item.titleKey ? t(item.titleKey) : null);
  const text = item.text ?? (item.textKey ? t(item.textKey) : null);
  const action = item.action;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the auto-dismiss timer
    <div
      className={[styles.item, styles[item.kind]].join(' ')}
      role={item.kind === 'error' ? 'alert' : 'status'}
      data-notification={item.id}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <div className={styles.content} lang={item.lang}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {text ? <p className={styles.text}>{text}</p> : null}
        {action ? (
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                action.run();
                onDismiss(item.id);
              }}
            >
              {action.label ?? (action.labelKey ? t(action.labelKey) : '')}
            </Button>
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('notifications.close')}
        onClick={() => onDismiss(item.id)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

interface AreaProps {
  area: string;
  queue: NotificationQueue;
  t: TranslateFn;
  onDismiss(id: string): void;
}

function Area({ area, queue, t, onDismiss }: AreaProps) {
  const waiting = waitingIn(queue, area);
  return (
    <section
      className={[styles.area, styles[`area_${area}`] ?? styles.area_other].join(' ')}
      aria-label={t('notifications.region_label')}
      data-notification-area={area}
    >
      {visibleIn(queue, area).map((item) => (
        <NotificationItem key={item.id} item={item} t={t} onDismiss={onDismiss} />
      ))}
      {waiting > 0 ? (
        <p className={styles.waiting}>{t('notifications.waiting', { count: waiting })}</p>
      ) : null}
    </section>
  );
}

export interface NotificationAreasProps {
  queue: NotificationQueue;
  t: TranslateFn;
  onDismiss(id: string): void;
  /** The in-flow container under the header for the "top" area. */
  topContainer: HTMLElement | null;
}

export function NotificationAreas({ queue, t, onDismiss, topContainer }: NotificationAreasProps) {
  const areas = [...new Set([DEFAULT_AREA, ...queue.map((item) => item.area)])];
  const floating = areas.filter((area) => area !== TOP_AREA);
  const top = queue.some((item) => item.area === TOP_AREA) ? (
    <Area area={TOP_AREA} queue={queue} t={t} onDismiss={onDismiss} />
  ) : null;
  return (
    <>
      {floating.map((area) => (
        <Area key={area} area={area} queue={queue} t={t} onDismiss={onDismiss} />
      ))}
      {top && topContainer ? createPortal(top, topContainer) : null}
    </>
  );
}
