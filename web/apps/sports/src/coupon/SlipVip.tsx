/**
 * The VIP bet request (coupon-accounts §5 "VIP bet") as the player follows it: sent from the slip,
 * then watched (GET /vip-requests every few seconds, bounded by the request's 15-minute life) until
 * an operator approves or rejects it or it expires; the decision shows in the slip, is announced to
 * screen readers and notified, and an approval refreshes the balance.
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { notify } from '@parlay/mf/host-api.ts';
import { useSyncExternalStore } from 'react';
import { couponApi, type PlaceRequest } from './coupon-api.ts';
import controls from './SlipControls.module.css';
import styles from './SlipVip.module.css';
import { newKey } from './use-placement.ts';

export type VipStatusValue = 'pending' | 'approved' | 'rejected' | 'expired';

export interface VipRequestState {
  id: string;
  status: VipStatusValue;
  betId: string | null;
  reasonCode: string | null;
}

const POLL_MS = 3000;
/** 15 minutes of polls: the request's own life (VIP_REQUEST_TTL_MS) and a little more. */
const MAX_POLLS = 320;
const STATUSES: readonly VipStatusValue[] = ['pending', 'approved', 'rejected', 'expired'];

let current: VipRequestState | null = null;
const listeners = new Set<() => void>();
let t: TranslateFn | null = null;
let watching = 0;

function set(next: VipRequestState | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** A VIP request view from the API, or null when malformed. */
export function parseVipRequest(value: unknown): VipRequestState | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'string' || typeof v.id === 'number' ? String(v.id) : null;
  const status = STATUSES.find((s) => s === v.status);
  if (!id || !status) return null;
  return {
    id,
    status,
    betId: typeof v.betId === 'string' ? v.betId : null,
    reasonCode: typeof v.reasonCode === 'string' ? v.reasonCode : null,
  };
}

function announce(state: VipRequestState): void {
  if (!t || state.status === 'pending') return;
  notify({ kind: state.status === 'approved' ? 'success' : 'warning', text: vipText(state, t) });
  if (state.status === 'approved' || state.status === 'rejected' || state.status === 'expired') {
    void loadAccounts();
  }
}

async function watch(id: string): Promise<void> {
  const run = ++watching;
  for (let i = 0; i < MAX_POLLS && run === watching; i++) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (run !== watching) return;
    const answer = await couponApi.vipRequests();
    if (!answer.ok) continue;
    const found = answer.data.map(parseVipRequest).find((r) => r?.id === id);
    if (found && found.status !== 'pending') {
      set(found);
      announce(found);
      return;
    }
  }
}

/** Sends a VIP bet request for the coupon; true when the server took it. */
export async function sendVipRequest(request: PlaceRequest, translate: TranslateFn): Promise<boolean> {
  t = translate;
  const answer = await couponApi.vipRequest(request, newKey('vip'));
  const state = answer.ok ? parseVipRequest(answer.data) : null;
  if (!state) {
    notify({ kind: 'error', text: translate('slip.vip.failed') });
    return false;
  }
  set(state);
  notify({ kind: 'success', text: translate('slip.vip.sent') });
  if (state.status === 'pending') void watch(state.id);
  else announce(state);
  return true;
}

/** The line of the slip saying where the request stands. */
export function vipText(state: VipRequestState, translate: TranslateFn): string {
  switch (state.status) {
    case 'pending':
      return translate('slip.vip.pending', { id: state.id });
    case 'approved':
      return translate('slip.vip.approved', { id: state.betId ?? state.id });
    case 'rejected':
      return translate('slip.vip.rejected');
    case 'expired':
      return translate('slip.vip.expired');
  }
}

function useVipRequest(): VipRequestState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

export function VipStatus({ t: translate }: { t: TranslateFn }) {
  const state = useVipRequest();
  return (
    <div role="status" aria-live="polite">
      {state ? (
        <p className={styles.vipStatus} data-status={state.status} data-testid="slip-vip-status">
          {vipText(state, translate)}{' '}
          {state.status !== 'pending' ? (
            <button type="button" className={controls.linkButton} onClick={() => set(null)}>
              {translate('slip.dismiss')}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
