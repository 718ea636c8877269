/**
 * The words of a refused payment: the money section's own text for the code, else the shared errors
 * dictionary's (every code of the server's catalogue has one in every language), so a player never
 * reads a bare "Something went wrong" for a refusal the server explained. A deposit over the
 * player's deposit limit says which limit, what is left, when room comes back, and links to it.
 */

import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime } from '@parlay/mf/clock.ts';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Money.module.css';

type T = ReturnType<typeof useT>;

/** The text of a refusal code ("INSUFFICIENT_FUNDS"): the section's, the catalogue's, or the generic one. */
export function refusalText(code: string, t: T, tErrors: T): string {
  const generic = t('errors.generic');
  const shared = /^[A-Z0-9_]+$/.test(code) ? tErrors(code.toLowerCase(), { defaultValue: '' }) : '';
  return t(`errors.${code}`, { defaultValue: shared || generic });
}

/** A payment method's name in the page language (methods.names.<code>), else the catalogue's. */
export function methodName(method: { code: string; name: string }, t: T): string {
  return t(`methods.names.${method.code}`, { defaultValue: method.name });
}

export type Details = Record<string, unknown> | undefined;

const minorOf = (v: unknown): string | null => (typeof v === 'string' && /^\d{1,19}$/.test(v) ? v : null);

/** A deposit refused by the player's own limit: which one, what is left, when, and where to change it. */
export function DepositLimitRefusal({ code, details, lng }: { code: string; details: Details; lng: string }) {
  const t = useT('office-money');
  const fmt = useFormat();
  const clock = useOfficeClock();
  const d = details ?? {};
  const currency = typeof d.currency === 'string' ? d.currency : null;
  const money = (v: unknown) => {
    const minor = minorOf(v);
    return minor === null || currency === null ? null : fmt.money(minor, currency);
  };
  const at = typeof d.resetsAt === 'string' ? formatDateTime(d.resetsAt, lng, clock) : '';
  const period = d.periodDays === 1 || d.periodDays === 7 || d.periodDays === 30 ? d.periodDays : null;
  const lines: string[] = [];
  if (code === 'LIMIT_DEPOSIT_EXCEEDED') {
    const limit = money(d.limitMinor);
    if (limit !== null && period !== null) lines.push(t(`refusal.limit_${period}`, { limit }));
    const used = money(d.usedMinor);
    if (used !== null) lines.push(t('refusal.used', { amount: used }));
    const left = money(d.remainingMinor);
    if (left !== null) lines.push(t('refusal.left', { amount: left }));
    lines.push(at ? t('refusal.resets', { at }) : t('refusal.no_reset'));
  } else if (at) {
    lines.push(t('refusal.until', { at }));
  }
  const left = minorOf(d.remainingMinor);
  return (
    <div className={styles.refusal} role="alert" data-testid="deposit-refusal">
      <p className={styles.refusalTitle}>{t(`refusal.title_${code}`)}</p>
      {lines.length > 0 ? <p>{lines.join(' · ')}</p> : null}
      <p className={styles.muted}>
        {code !== 'LIMIT_DEPOSIT_EXCEEDED'
          ? t('refusal.do_lock')
          : left !== null && left !== '0'
            ? t('refusal.do_lower', { amount: money(left) ?? '' })
            : t('refusal.do_wait')}
      </p>
      <a className={styles.refusalLink} href={`/${lng}/office/responsible`}>
        {t('refusal.link')}
      </a>
    </div>
  );
}

/** Refusals explained by DepositLimitRefusal rather than one line. */
export const LIMIT_REFUSALS = new Set(['LIMIT_DEPOSIT_EXCEEDED', 'LIMIT_SELF_EXCLUDED', 'LIMIT_TIME_OUT']);
