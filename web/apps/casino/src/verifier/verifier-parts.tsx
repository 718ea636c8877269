import type { useGameT } from '../games/cards/use-game-t.ts';
import styles from './verifier.module.css';
import { canonicalJson, type Difference, type ReplayAnswer, type ReplayResult } from './verify-model.ts';

export type T = ReturnType<typeof useGameT>;

/** JSON with keys in one order, so the server's result and the replay read line by line alike. */
export function pretty(value: unknown): string {
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);
}

export function ReplayOutput({ answer, t }: { answer: ReplayAnswer; t: T }) {
  if (!answer.ok) {
    return (
      <p className={styles.bad} role="alert">
        {t(`problem.${answer.problem}`)}
        {answer.detail ? ` (${answer.detail})` : ''}
      </p>
    );
  }
  return <ResultBlock result={answer.result} t={t} money={null} />;
}

/** Minor units as money of the round's currency, or as plain minor units where none is known. */
export type MoneyText = ((minor: string) => string) | null;

export function ResultBlock({ result, t, money }: { result: ReplayResult; t: T; money: MoneyText }) {
  return (
    <dl className={styles.facts} data-testid="replay-result">
      <dt>{t('field.commitment')}</dt>
      <dd>
        <code className={styles.code}>{result.commitment}</code>
      </dd>
      <dt>{t('field.first_block')}</dt>
      <dd>
        <code className={styles.code}>{result.firstBlock}</code>
      </dd>
      <dt>{t('field.status')}</dt>
      <dd>{result.finished ? t('status.finished') : t('status.open')}</dd>
      <dt>{t(money ? 'field.staked' : 'field.staked_minor')}</dt>
      <dd className={styles.num}>{money ? money(result.stakedMinor) : result.stakedMinor}</dd>
      <dt>{t(money ? 'field.payout' : 'field.payout_minor')}</dt>
      <dd className={styles.num}>{money ? money(result.payoutMinor) : result.payoutMinor}</dd>
      <dt>{t('field.view')}</dt>
      <dd>
        <RawJson value={result.view} t={t} />
      </dd>
    </dl>
  );
}

/** The raw JSON of an outcome, folded away: the screen above shows it for people. */
export function RawJson({ value, t }: { value: unknown; t: T }) {
  return (
    <details className={styles.raw}>
      <summary>{t('field.raw')}</summary>
      <pre className={styles.pre}>{pretty(value)}</pre>
    </details>
  );
}

export function DifferenceTable({ differences, t }: { differences: readonly Difference[]; t: T }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('compare.field')}</th>
          <th scope="col">{t('compare.server')}</th>
          <th scope="col">{t('compare.replay')}</th>
        </tr>
      </thead>
      <tbody>
        {differences.map((difference) => (
          <tr key={difference.field}>
            <th scope="row">{t(`compare.${difference.field}`)}</th>
            <td>
              <code className={styles.code}>{difference.server}</code>
            </td>
            <td>
              <code className={styles.code}>{difference.replay}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
