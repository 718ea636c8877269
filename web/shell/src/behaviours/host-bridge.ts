/**
 * The shell end of the host API (web/mf/src/host-api.ts): listens to the host events from the first
 * line of shell code and keeps them until the overlays (loaded lazily) connect, so nothing a micro-app
 * asks for early is lost.
 */
import {
  HOST_EVENTS,
  type ModalRequest,
  type NotificationRequest,
  type PanelSide,
} from '@parlay/mf/host-api.ts';

export type HostCall =
  | { type: 'notify'; request: NotificationRequest }
  | { type: 'dismiss'; id: string }
  | { type: 'open-modal'; request: ModalRequest }
  | { type: 'close-modal'; id: string }
  | { type: 'install' }
  | { type: 'panel'; side: PanelSide; hidden: boolean };

/** Calls kept before the overlays connect; older ones are dropped beyond it. */
export const MAX_PENDING_HOST_CALLS = 100;

export interface HostBridge {
  /** Delivers pending calls, then every new one, to `handler`. */
  connect(handler: (call: HostCall) => void): void;
  /** The shell's own calls go through the same path. */
  send(call: HostCall): void;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The host call a window event stands for, or null when its detail is malformed. */
export function hostCallOf(eventName: string, detail: unknown): HostCall | null {
  const data = asRecord(detail);
  switch (eventName) {
    case HOST_EVENTS.notify:
      return { type: 'notify', request: data as NotificationRequest };
    case HOST_EVENTS.dismissNotification:
      return typeof data.id === 'string' ? { type: 'dismiss', id: data.id } : null;
    case HOST_EVENTS.openModal:
      return typeof data.id === 'string'
        ? { type: 'open-modal', request: { id: data.id, props: asRecord(data.props) } }
        : null;
    case HOST_EVENTS.closeModal:
      return typeof data.id === 'string' ? { type: 'close-modal', id: data.id } : null;
    case HOST_EVENTS.install:
      return { type: 'install' };
    case HOST_EVENTS.panel:
      return data.side === 'left' || data.side === 'right'
        ? { type: 'panel', side: data.side, hidden: data.hidden === true }
        : null;
    default:
      return null;
  }
}

export function createHostBridge(target: EventTarget): HostBridge {
  const pending: HostCall[] = [];
  let handler: ((call: HostCall) => void) | null = null;
  const deliver = (call: HostCall) => {
    if (handler) {
      handler(call);
      return;
    }
    pending.push(call);
    if (pending.length > MAX_PENDING_HOST_CALLS) pending.shift();
  };
  for (const name of Object.values(HOST_EVENTS)) {
    target.addEventListener(name, (event) => {
      const call = hostCallOf(name, (event as CustomEvent).detail);
      if (call) deliver(call);
    });
  }
  return {
    connect(next) {
      handler = next;
      for (const call of pending.splice(0)) next(call);
    },
    send: deliver,
  };
}
