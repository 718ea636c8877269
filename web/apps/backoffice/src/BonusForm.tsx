/**
 * A campaign's form (create or change) over the engine's own definition: every field of the
 * campaign JSON that `parlay bonuses create` takes, amounts typed in major units and percentages in
 * per cent, sent as the engine's minor units and basis points. The engine checks it
 * (BONUS_CAMPAIGN_INVALID with each problem's path); each problem is shown under its field, in the
 * page's language, and the first invalid field takes the focus.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { API } from './api.ts';
import styles from './Backoffice.module.css';
import b from './Bonus.module.css';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

const TRIGGERS = [
  'first_deposit',
  'nth_deposit',
  'registration',
  'promo_code',
  'opt_in',
  'bet_settled',
  'schedule',
];
const CATEGORIES = [
  'first_deposit',
  'redeposit',
  'casino',
  'bukmaker',
  'poker',
  'shares',
  'cashback',
  'bonuses',
];
const REWARDS = ['match', 'fixed', 'free_bet', 'free_spins', 'cashback', 'points', 'odds_boost'];
const PRODUCTS = ['sports', 'slots', 'table', 'instant'];

export type Problem = { path: string; problem: string };
type Json = Record<string, unknown>;

/** A new campaign's form: a first-deposit 100 % match, 10 × the bonus in 30 days, once per player. */
export const NEW_CAMPAIGN = {
  code: '',
  category: 'first_deposit',
  trigger: 'first_deposit',
  nth: '2',
  titleEn: '',
  titleRu: '',
  termsEn: '',
  termsRu: '',
  rewardKind: 'match',
  percent: '100',
  cap: '',
  amount: '',
  count: '10',
  games: '',
  stake: '',
  points: '',
  multiple: '10',
  basis: 'bonus',
  maxBet: '0',
  maxConversion: '0',
  expiryDays: '30',
  minOdds: '1.50',
  countries: '',
  currencies: '',
  segments: '',
  minDeposit: '0',
  minStake: '0',
  betResult: 'any',
  products: '',
  perPlayer: '1',
  budget: '',
  startsAt: '',
  endsAt: '',
  daily: '',
  promoCodes: '',
};

/** The form's values: text as typed (amounts in major units, percentages in per cent). */
export type FormValues = { [K in keyof typeof NEW_CAMPAIGN]: string };
type Key = keyof FormValues;

/** "12.50" → "1250"; text that is not an amount goes as typed, so the engine names its field. */
export function toMinor(text: string): string {
  const m = /^\s*(\d{1,14})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return text.trim();
  return (BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0')).toString();
}

export function fromMinor(minor: unknown): string {
  if (typeof minor !== 'string' || !/^\d+$/.test(minor)) return '';
  const v = BigInt(minor);
  const cents = (v % 100n).toString().padStart(2, '0');
  return cents === '00' ? (v / 100n).toString() : `${v / 100n}.${cents}`;
}

const list = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter((x) => x !== '');
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** The form's times are UTC (the engine's and the schedule's too): "2026-12-01T10:00" → ISO. */
const isoOf = (local: string) => {
  if (!local) return null;
  const at = new Date(`${local}:00Z`);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
};
const localOf = (iso: unknown) => (typeof iso === 'string' && iso ? iso.slice(0, 16) : '');

function rewardOf(v: FormValues): Json {
  switch (v.rewardKind) {
    case 'match':
    case 'cashback':
    case 'odds_boost':
      return { kind: v.rewardKind, percentBp: Math.round(num(v.percent) * 100), capMinor: toMinor(v.cap) };
    case 'fixed':
    case 'free_bet':
      return { kind: v.rewardKind, amountMinor: toMinor(v.amount) };
    case 'free_spins':
      return { kind: 'free_spins', count: num(v.count), games: list(v.games), stakeMinor: toMinor(v.stake) };
    case 'points':
      return { kind: 'points', points: v.points.trim() };
    default:
      return { kind: v.rewardKind };
  }
}

/** The engine's campaign JSON from the form. */
export function campaignOf(v: FormValues): Json {
  return {
    code: v.code.trim(),
    category: v.category,
    trigger: v.trigger,
    ...(v.trigger === 'nth_deposit' ? { nth: num(v.nth) } : {}),
    title: { en: v.titleEn, ru: v.titleRu },
    terms: { en: v.termsEn, ru: v.termsRu },
    conditions: {
      countries: list(v.countries).map((c) => c.toLowerCase()),
      currencies: list(v.currencies).map((c) => c.toUpperCase()),
      segments: list(v.segments),
      minDepositMinor: toMinor(v.minDeposit),
      products: list(v.products),
      minStakeMinor: toMinor(v.minStake),
      betResult: v.betResult,
    },
    reward: rewardOf(v),
    wagering: {
      multiple: num(v.multiple),
      basis: v.basis,
      minOddsMilli: Math.round(num(v.minOdds) * 1000),
      maxBetMinor: toMinor(v.maxBet),
      maxConversionMinor: toMinor(v.maxConversion),
      expiryDays: num(v.expiryDays),
    },
    limits: {
      perPlayer: num(v.perPlayer),
      budgetMinor: v.budget.trim() === '' ? null : toMinor(v.budget),
      startsAt: isoOf(v.startsAt),
      endsAt: isoOf(v.endsAt),
    },
    ...(v.trigger === 'schedule' ? { schedule: { daily: list(v.daily) } } : {}),
  };
}

/** The form's values from a stored definition (the list's `definition`). */
export function valuesOf(d: Json): FormValues {
  const o = (k: string) => (d[k] ?? {}) as Json;
  const r = o('reward');
  const w = o('wagering');
  const c = o('conditions');
  const l = o('limits');
  const s = (d.schedule ?? {}) as Json;
  const str = (x: unknown) => (x === undefined || x === null ? '' : String(x));
  const arr = (x: unknown) => (Array.isArray(x) ? x.join(', ') : '');
  return {
    ...NEW_CAMPAIGN,
    code: str(d.code),
    category: str(d.category),
    trigger: str(d.trigger),
    nth: str(d.nth),
    titleEn: str(o('title').en),
    titleRu: str(o('title').ru),
    termsEn: str(o('terms').en),
    termsRu: str(o('terms').ru),
    rewardKind: str(r.kind),
    percent: typeof r.percentBp === 'number' ? String(r.percentBp / 100) : NEW_CAMPAIGN.percent,
    cap: fromMinor(r.capMinor),
    amount: fromMinor(r.amountMinor),
    count: str(r.count ?? NEW_CAMPAIGN.count),
    games: arr(r.games),
    stake: fromMinor(r.stakeMinor),
    points: str(r.points),
    multiple: str(w.multiple),
    basis: str(w.basis),
    maxBet: fromMinor(w.maxBetMinor) || '0',
    maxConversion: fromMinor(w.maxConversionMinor) || '0',
    expiryDays: str(w.expiryDays),
    minOdds: typeof w.minOddsMilli === 'number' ? (w.minOddsMilli / 1000).toFixed(2) : NEW_CAMPAIGN.minOdds,
    countries: arr(c.countries),
    currencies: arr(c.currencies),
    segments: arr(c.segments),
    minDeposit: fromMinor(c.minDepositMinor) || '0',
    minStake: fromMinor(c.minStakeMinor) || '0',
    betResult: str(c.betResult ?? 'any'),
    products: arr(c.products),
    perPlayer: str(l.perPlayer),
    budget: fromMinor(l.budgetMinor),
    startsAt: localOf(l.startsAt),
    endsAt: localOf(l.endsAt),
    daily: arr(s.daily),
  };
}

type SendAnswer =
  | { ok: true; code: string }
  | { ok: false; status: number; code: string; problems: Problem[] };

/** Sends the campaign; a refusal keeps the engine's problems (the shared call() keeps only the code). */
async function send(method: 'POST' | 'PUT', path: string, body: unknown): Promise<SendAnswer> {
  try {
    const response = await fetch(`${API}${path}`, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const json = (await response.json().catch(() => null)) as {
      campaign?: { code?: string };
      error?: { code?: string; details?: { problems?: Problem[] } };
    } | null;
    if (response.ok) return { ok: true, code: json?.campaign?.code ?? '' };
    const problems = json?.error?.details?.problems;
    return {
      ok: false,
      status: response.status,
      code: json?.error?.code ?? 'NETWORK',
      problems: Array.isArray(problems) ? problems : [],
    };
  } catch {
    return { ok: false, status: 0, code: 'NETWORK', problems: [] };
  }
}

/** Which form field shows an engine path's problem. */
const FIELD_OF_PATH: Record<string, Key> = {
  code: 'code',
  category: 'category',
  trigger: 'trigger',
  nth: 'nth',
  title: 'titleEn',
  terms: 'termsEn',
  'reward.kind': 'rewardKind',
  'reward.percentBp': 'percent',
  'reward.capMinor': 'cap',
  'reward.amountMinor': 'amount',
  'reward.count': 'count',
  'reward.games': 'games',
  'reward.stakeMinor': 'stake',
  'reward.points': 'points',
  'wagering.multiple': 'multiple',
  'wagering.basis': 'basis',
  'wagering.minOddsMilli': 'minOdds',
  'wagering.maxBetMinor': 'maxBet',
  'wagering.maxConversionMinor': 'maxConversion',
  'wagering.expiryDays': 'expiryDays',
  'conditions.countries': 'countries',
  'conditions.currencies': 'currencies',
  'conditions.segments': 'segments',
  'conditions.minDepositMinor': 'minDeposit',
  'conditions.minStakeMinor': 'minStake',
  'conditions.betResult': 'betResult',
  'conditions.products': 'products',
  'limits.perPlayer': 'perPlayer',
  'limits.budgetMinor': 'budget',
  'limits.startsAt': 'startsAt',
  'limits.endsAt': 'endsAt',
  schedule: 'daily',
};

export function fieldOfPath(path: string): Key | null {
  for (let p = path; p !== ''; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const field = FIELD_OF_PATH[p];
    if (field) return field;
    if (p.startsWith('promoCodes')) return 'promoCodes';
  }
  return null;
}

/** The dictionary key of an engine problem (its English text is for logs and the command line). */
export function problemKey(problem: string): { key: string; values?: Record<string, string> } {
  const range = /from (-?\d+) to (-?\d+)/.exec(problem);
  if (range) return { key: 'range', values: { min: range[1]!, max: range[2]! } };
  if (problem.startsWith('must be minor units')) return { key: 'amount' };
  if (problem === 'invalid text') return { key: 'text' };
  if (problem.includes('ISO date')) return { key: 'date' };
  if (problem.startsWith('must be one of') || problem.startsWith('must list some of'))
    return { key: 'choice' };
  if (problem === 'must be positive') return { key: 'positive' };
  if (problem === 'must be after startsAt') return { key: 'afterStart' };
  if (problem.startsWith('must name at least one')) return { key: 'games' };
  if (problem === 'cannot change') return { key: 'codeFixed' };
  if (problem.startsWith('a schedule campaign')) return { key: 'scheduleReward' };
  return { key: 'invalid' };
}

/** Like problemKey, in the units the form shows: per cent (the engine: basis points), odds as 1.50. */
export function problemIn(
  field: Key | null,
  problem: string,
): { key: string; values?: Record<string, string> } {
  const found = problemKey(problem);
  if (field === 'code' && found.key === 'text') return { key: 'codeFormat' };
  const scale = field === 'percent' ? 100 : field === 'minOdds' ? 1000 : 0;
  if (found.key !== 'range' || !scale || !found.values) return found;
  return {
    key: 'rangeNumber',
    values: { min: String(Number(found.values.min) / scale), max: String(Number(found.values.max) / scale) },
  };
}

export function BonusForm({
  initial,
  onDone,
  onCancel,
}: {
  /** The stored definition when changing a campaign; null for a new one. */
  initial: Json | null;
  onDone(code: string): void;
  onCancel(): void;
}) {
  const t = useT('backoffice');
  const te = useT('errors');
  const editing = initial !== null;
  const [v, setV] = useState<FormValues>(initial ? valuesOf(initial) : NEW_CAMPAIGN);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const idBase = useId();

  const set = (key: Key) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  const errorsOf = (key: Key) => problems[key] ?? [];
  const described = (key: Key) =>
    errorsOf(key).length ? { 'aria-invalid': true, 'aria-describedby': `${idBase}-${key}` } : {};
  const after = (key: Key): ReactNode =>
    errorsOf(key).length ? (
      <span id={`${idBase}-${key}`} className={b.fieldError}>
        {errorsOf(key).join(' ')}
      </span>
    ) : null;
  const text = (key: Key, extra: Record<string, unknown> = {}) => (
    <div className={b.field}>
      <TextField
        label={t(`bonusDesk.fields.${key}`)}
        value={v[key]}
        onChange={set(key)}
        name={key}
        {...described(key)}
        {...extra}
      />
      {after(key)}
    </div>
  );
  const select = (key: Key, options: readonly string[], label: (o: string) => string) => (
    <div className={b.field}>
      <SelectField
        label={t(`bonusDesk.fields.${key}`)}
        value={v[key]}
        onChange={set(key)}
        name={key}
        {...described(key)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
      </SelectField>
      {after(key)}
    </div>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const campaign = campaignOf(v);
    const promoCodes = list(v.promoCodes).map((code) => ({ code: code.toUpperCase() }));
    const answer = editing
      ? await send('PUT', `/bonuses/campaigns/${v.code}`, { campaign })
      : await send('POST', '/bonuses/campaigns', {
          campaign,
          ...(promoCodes.length ? { promoCodes } : {}),
        });
    setBusy(false);
    leaveIfSignedOut(answer);
    if (answer.ok) {
      setProblems({});
      setError(null);
      onDone(answer.code);
      return;
    }
    const found = answer.problems;
    const byField: Record<string, string[]> = {};
    const loose: string[] = [];
    for (const p of found) {
      const field = fieldOfPath(p.path);
      const { key, values } = problemIn(field, p.problem);
      const message = t(`bonusDesk.problems.${key}`, values);
      if (field) byField[field] = [...(byField[field] ?? []), message];
      else loose.push(`${p.path}: ${message}`);
    }
    setProblems(byField);
    setError(
      found.length
        ? [t('bonusDesk.problemCount', { count: found.length }), ...loose].join(' ')
        : errorMessage(te, t, answer.code),
    );
    const first = Object.keys(byField)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const r = v.rewardKind;
  return (
    <form ref={formRef} className={b.form} onSubmit={submit} noValidate aria-labelledby={`${idBase}-title`}>
      <h2 id={`${idBase}-title`} className={styles.subheading}>
        {editing ? t('bonusDesk.editTitle', { code: v.code }) : t('bonusDesk.newTitle')}
      </h2>
      <div aria-live="assertive">{error ? <Message kind="error">{error}</Message> : null}</div>
      <fieldset className={b.group}>
        <legend>{t('bonusDesk.groups.basics')}</legend>
        {text('code', { readOnly: editing, maxLength: 60, hint: t('bonusDesk.hints.code') })}
        {select('category', CATEGORIES, (o) => t(`bonusDesk.categories.${o}`))}
        {select('trigger', TRIGGERS, (o) => t(`bonusDesk.triggers.${o}`))}
        {v.trigger === 'nth_deposit' ? text('nth', { type: 'number', min: 2, max: 100 }) : null}
        {v.trigger === 'schedule' ? text('daily', { hint: t('bonusDesk.hints.daily') }) : null}
        {text('titleEn', { maxLength: 200 })}
        {text('titleRu', { maxLength: 200 })}
        {text('termsEn', { maxLength: 5000 })}
        {text('termsRu', { maxLength: 5000 })}
      </fieldset>
      <fieldset className={b.group}>
        <legend>{t('bonusDesk.groups.reward')}</legend>
        {select('rewardKind', REWARDS, (o) => t(`bonusDesk.rewards.${o}`))}
        {r === 'match' || r === 'cashback' || r === 'odds_boost' ? (
          <>
            {text('percent', { inputMode: 'decimal' })}
            {text('cap', { inputMode: 'decimal' })}
          </>
        ) : null}
        {r === 'fixed' || r === 'free_bet' ? text('amount', { inputMode: 'decimal' }) : null}
        {r === 'free_spins' ? (
          <>
            {text('count', { type: 'number', min: 1, max: 1000 })}
            {text('games', { hint: t('bonusDesk.hints.games') })}
            {text('stake', { inputMode: 'decimal' })}
          </>
        ) : null}
        {r === 'points' ? text('points', { inputMode: 'numeric' }) : null}
      </fieldset>
      <fieldset className={b.group}>
        <legend>{t('bonusDesk.groups.wagering')}</legend>
        {text('multiple', { type: 'number', min: 0, max: 100 })}
        {select('basis', ['bonus', 'bonus_deposit'], (o) => t(`bonusDesk.basis.${o}`))}
        {text('minOdds', { inputMode: 'decimal' })}
        {text('maxBet', { inputMode: 'decimal', hint: t('bonusDesk.hints.zeroNone') })}
        {text('maxConversion', { inputMode: 'decimal', hint: t('bonusDesk.hints.zeroNone') })}
        {text('expiryDays', { type: 'number', min: 1, max: 365 })}
      </fieldset>
      <fieldset className={b.group}>
        <legend>{t('bonusDesk.groups.conditions')}</legend>
        {text('countries', { hint: t('bonusDesk.hints.anyList') })}
        {text('currencies', { hint: t('bonusDesk.hints.anyList') })}
        {text('segments', { hint: t('bonusDesk.hints.anyList') })}
        {text('products', { hint: t('bonusDesk.hints.products', { list: PRODUCTS.join(', ') }) })}
        {text('minDeposit', { inputMode: 'decimal' })}
        {v.trigger === 'bet_settled' ? (
          <>
            {text('minStake', { inputMode: 'decimal' })}
            {select('betResult', ['any', 'won', 'lost'], (o) => t(`bonusDesk.betResults.${o}`))}
          </>
        ) : null}
      </fieldset>
      <fieldset className={b.group}>
        <legend>{t('bonusDesk.groups.limits')}</legend>
        {text('perPlayer', { type: 'number', min: 1, max: 1000 })}
        {text('budget', { inputMode: 'decimal', hint: t('bonusDesk.hints.budget') })}
        {text('startsAt', { type: 'datetime-local' })}
        {text('endsAt', { type: 'datetime-local' })}
        {editing ? null : text('promoCodes', { hint: t('bonusDesk.hints.promoCodes') })}
      </fieldset>
      <div className={styles.buttons}>
        <Button type="submit" variant="primary" disabled={busy}>
          {editing ? t('bonusDesk.saveChanges') : t('bonusDesk.create')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
