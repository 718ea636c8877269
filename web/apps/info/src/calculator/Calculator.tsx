/**
 * The betting calculator (/information/betting-calculator): bet type, selections with odds in
 * decimal, fractional or American form and their results, stake, each-way terms; it shows the bets,
 * total stake, return and profit from maths.ts (the coupon maths of @parlay/domain). Rendered on the
 * server with its starting state and interactive once hydrated.
 */
import { formatAmount, parseAmount } from '@parlay/domain/money/amount.ts';
import { formatDecimal } from '@parlay/domain/odds/formats.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Card, Field, Heading } from '@parlay/ui/index.ts';
import { useId, useMemo, useState } from 'react';
import styles from '../InfoPage.module.css';
import {
  type BetType,
  type CalcOutput,
  type CalcResult,
  CalculatorError,
  calculate,
  FULL_COVER,
  FULL_COVER_NAMES,
  type FullCoverName,
  parseOdds,
} from './maths.ts';

const MONEY = 'USD';
const MAX_LEGS = 12;
const FRACTIONS = ['1/4', '1/5', '1/3', '1/2', '1/1'] as const;
type Kind = 'single' | 'express' | 'system' | FullCoverName;

interface LegState {
  odds: string;
  result: CalcResult;
  banker: boolean;
}

const newLeg = (): LegState => ({ odds: '2.00', result: 'win', banker: false });

const isFullCover = (kind: Kind): kind is FullCoverName => (FULL_COVER_NAMES as string[]).includes(kind);

function fixedLegs(kind: Kind): number | null {
  if (kind === 'single') return 1;
  if (kind === 'express' || kind === 'system') return null;
  return FULL_COVER[kind].legs;
}

function resize(legs: LegState[], count: number): LegState[] {
  return Array.from({ length: count }, (_, i) => legs[i] ?? newLeg());
}

type Outcome = { ok: true; out: CalcOutput } | { ok: false; problem: string };

function evaluate(
  kind: Kind,
  legs: LegState[],
  systemValue: number,
  stake: string,
  eachWay: string | null,
): Outcome {
  const parsed = legs.map((leg) => parseOdds(leg.odds));
  if (parsed.some((odds) => odds === null)) return { ok: false, problem: 'odds' };
  let stakeMinor: bigint;
  try {
    stakeMinor = parseAmount(stake, MONEY);
  } catch {
    return { ok: false, problem: 'stake' };
  }
  const bet: BetType =
    kind === 'single' || kind === 'express'
      ? { kind }
      : kind === 'system'
        ? { kind: 'system', value: systemValue }
        : { kind: 'full-cover', name: kind };
  const [numerator, denominator] = (eachWay ?? '1/1').split('/').map(Number) as [number, number];
  try {
    const out = calculate({
      bet,
      legs: legs.map((leg, i) => ({
        oddsMilli: parsed[i] as number,
        result: leg.result,
        ...(kind === 'system' && leg.banker ? { isBanker: true } : {}),
      })),
      stakeMinor,
      eachWay: eachWay ? { numerator, denominator } : null,
    });
    return { ok: true, out };
  } catch (error) {
    if (error instanceof CalculatorError) return { ok: false, problem: error.message };
    throw error;
  }
}

export function Calculator() {
  const t = useT('info');
  const id = useId();
  const [kind, setKind] = useState<Kind>('express');
  const [legs, setLegs] = useState<LegState[]>([newLeg(), newLeg(), newLeg()]);
  const [systemValue, setSystemValue] = useState(2);
  const [stake, setStake] = useState('10.00');
  const [eachWay, setEachWay] = useState<string | null>(null);

  const count = legs.length;
  const fixed = fixedLegs(kind);
  const outcome = useMemo(
    () => evaluate(kind, legs, systemValue, stake, eachWay),
    [kind, legs, systemValue, stake, eachWay],
  );
  const bankers = legs.filter((l) => l.banker).length;
  const systemValues: number[] = [];
  for (let v = Math.max(2, bankers + 1); v <= count - 1; v++) systemValues.push(v);

  const chooseKind = (next: Kind) => {
    setKind(next);
    const n = fixedLegs(next) ?? Math.max(next === 'system' ? 3 : 2, count);
    setLegs((current) =>
      resize(current, n).map((leg) => (next === 'system' ? leg : { ...leg, banker: false })),
    );
    setSystemValue(2);
  };
  const setCount = (n: number) => {
    setLegs((current) => resize(current, n));
    setSystemValue((v) => Math.min(v, n - 1));
  };
  const updateLeg = (index: number, change: Partial<LegState>) =>
    setLegs((current) => current.map((leg, i) => (i === index ? { ...leg, ...change } : leg)));
  const minLegs = kind === 'system' ? 3 : 2;

  return (
    <Card>
      <form
        className={styles.calculator}
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => e.preventDefault()}
      >
        <Heading level={2} id={`${id}-title`}>
          {t('calculator.title')}
        </Heading>
        <div className={styles.calculatorRow}>
          <Field as="label">
            <span>{t('calculator.bet_type')}</span>
            <select value={kind} onChange={(e) => chooseKind(e.target.value as Kind)}>
              <option value="single">{t('calculator.types.single')}</option>
              <option value="express">{t('calculator.types.express')}</option>
              <option value="system">{t('calculator.types.system')}</option>
              {FULL_COVER_NAMES.map((name) => (
                <option key={name} value={name}>
                  {t(`calculator.types.${name}`)}
                </option>
              ))}
            </select>
          </Field>
          {fixed === null ? (
            <Field as="label">
              <span>{t('calculator.selection_count')}</span>
              <select value={count} onChange={(e) => setCount(Number(e.target.value))}>
                {Array.from({ length: MAX_LEGS - minLegs + 1 }, (_, i) => i + minLegs).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          {kind === 'system' ? (
            <Field as="label">
              <span>{t('calculator.system_value')}</span>
              <select value={systemValue} onChange={(e) => setSystemValue(Number(e.target.value))}>
                {systemValues.map((v) => (
                  <option key={v} value={v}>
                    {t('calculator.k_of_n', { k: String(v), n: String(count) })}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
        </div>
        <fieldset className={styles.calculatorLegs}>
          <legend>{t('calculator.selections')}</legend>
          <p className={styles.meta}>{t('calculator.odds_hint')}</p>
          {legs.map((leg, index) => {
            const odds = parseOdds(leg.odds);
            return (
              <div key={index} className={styles.calculatorRow}>
                <Field as="label">
                  <span>{t('calculator.odds', { n: String(index + 1) })}</span>
                  <input
                    inputMode="decimal"
                    value={leg.odds}
                    aria-invalid={odds === null}
                    onChange={(e) => updateLeg(index, { odds: e.target.value })}
                  />
                </Field>
                <Field as="label">
                  <span>{t('calculator.result', { n: String(index + 1) })}</span>
                  <select
                    value={leg.result}
                    onChange={(e) => updateLeg(index, { result: e.target.value as CalcResult })}
                  >
                    <option value="win">{t('calculator.results.win')}</option>
                    {eachWay ? <option value="place">{t('calculator.results.place')}</option> : null}
                    <option value="lose">{t('calculator.results.lose')}</option>
                    <option value="void">{t('calculator.results.void')}</option>
                  </select>
                </Field>
                {kind === 'system' ? (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={leg.banker}
                      disabled={!leg.banker && bankers >= count - 2}
                      onChange={(e) => {
                        updateLeg(index, { banker: e.target.checked });
                        setSystemValue((v) => Math.max(v, bankers + (e.target.checked ? 2 : 0)));
                      }}
                    />
                    <span>{t('calculator.banker')}</span>
                  </label>
                ) : null}
                {odds !== null ? <span className={styles.meta}>{formatDecimal(odds)}</span> : null}
              </div>
            );
          })}
        </fieldset>
        <div className={styles.calculatorRow}>
          <Field as="label">
            <span>{isFullCover(kind) ? t('calculator.unit_stake') : t('calculator.stake')}</span>
            <input inputMode="decimal" value={stake} onChange={(e) => setStake(e.target.value)} />
          </Field>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={eachWay !== null}
              onChange={(e) => {
                setEachWay(e.target.checked ? '1/4' : null);
                if (!e.target.checked)
                  setLegs((current) =>
                    current.map((l) => (l.result === 'place' ? { ...l, result: 'lose' } : l)),
                  );
              }}
            />
            <span>{t('calculator.each_way')}</span>
          </label>
          {eachWay ? (
            <Field as="label">
              <span>{t('calculator.place_terms')}</span>
              <select value={eachWay} onChange={(e) => setEachWay(e.target.value)}>
                {FRACTIONS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
        </div>
        <output className={styles.calculatorResult} aria-live="polite">
          {outcome.ok ? (
            <dl className={styles.details}>
              <dt>{t('calculator.bets')}</dt>
              <dd>{outcome.out.bets}</dd>
              <dt>{t('calculator.total_stake')}</dt>
              <dd>{formatAmount(outcome.out.totalStakeMinor, MONEY)}</dd>
              <dt>{t('calculator.return')}</dt>
              <dd>
                <strong>{formatAmount(outcome.out.returnMinor, MONEY)}</strong>
              </dd>
              <dt>{t('calculator.profit')}</dt>
              <dd>{formatAmount(outcome.out.profitMinor, MONEY)}</dd>
            </dl>
          ) : (
            <p className={styles.text} role="alert">
              {t(`calculator.problems.${outcome.problem}`)}
            </p>
          )}
        </output>
      </form>
    </Card>
  );
}
