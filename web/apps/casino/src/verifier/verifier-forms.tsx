import type { Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { GAMES_NAMESPACE } from '../games/cards/use-game-t.ts';
import styles from './verifier.module.css';
import { ReplayOutput, type T } from './verifier-parts.tsx';
import {
  type CrashCheck,
  checkCrash,
  defaultParamsText,
  parseJsonField,
  type ReplayAnswer,
  replay,
  type VerifyData,
  verifiableGames,
} from './verify-model.ts';

export interface FormState {
  engineId: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  stakeMinor: string;
  params: string;
  actions: string;
}

export function formFrom(data: VerifyData | null, engineId: string): FormState {
  if (data) {
    return {
      engineId: data.engineId,
      serverSeed: data.serverSeed ?? '',
      clientSeed: data.clientSeed,
      nonce: String(data.nonce),
      stakeMinor: data.stakeMinor,
      params: JSON.stringify(data.params),
      actions: JSON.stringify(data.actions),
    };
  }
  return {
    engineId,
    serverSeed: '',
    clientSeed: '',
    nonce: '0',
    stakeMinor: '100',
    params: defaultParamsText(engineId),
    actions: '[]',
  };
}

export function ReplayForm({ t, initial }: { t: T; initial: VerifyData | null }) {
  const games = verifiableGames();
  const tGames = useT(GAMES_NAMESPACE);
  /** The engine's title in the games' texts ("Fruit Storm"), its id where it has none. */
  const titleOf = (engineId: string) => {
    const text = tGames(`${engineId}.title`);
    return text === `${engineId}.title` ? engineId : text;
  };
  const id = useId();
  const [form, setForm] = useState<FormState>(() => formFrom(initial, games[0] ?? 'dice'));
  const [answer, setAnswer] = useState<ReplayAnswer | null>(null);
  const set = (key: keyof FormState) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) =>
      key === 'engineId'
        ? { ...current, engineId: value, params: defaultParamsText(value), actions: '[]' }
        : { ...current, [key]: value },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = parseJsonField(form.params);
    const actions = parseJsonField(form.actions);
    if (params === undefined) return setAnswer({ ok: false, problem: 'params', detail: t('problem.json') });
    if (!Array.isArray(actions))
      return setAnswer({ ok: false, problem: 'actions', detail: t('problem.json_list') });
    setAnswer(
      replay({
        engineId: form.engineId,
        serverSeed: form.serverSeed.trim(),
        clientSeed: form.clientSeed,
        nonce: /^\d{1,15}$/.test(form.nonce.trim()) ? Number(form.nonce.trim()) : -1,
        stakeMinor: form.stakeMinor.trim(),
        params,
        actions: actions as Json[],
      }),
    );
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.h2}>
        {t('form.title')}
      </h2>
      <form className={styles.form} onSubmit={submit}>
        <label className={styles.field}>
          <span>{t('field.game')}</span>
          <select value={form.engineId} onChange={set('engineId')}>
            {games.map((game) => (
              <option key={game} value={game}>
                {titleOf(game)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('field.server_seed')}</span>
          <input value={form.serverSeed} onChange={set('serverSeed')} spellCheck={false} autoComplete="off" />
        </label>
        <label className={styles.field}>
          <span>{t('field.client_seed')}</span>
          <input value={form.clientSeed} onChange={set('clientSeed')} spellCheck={false} autoComplete="off" />
        </label>
        <div className={styles.row}>
          <label className={styles.field}>
            <span>{t('field.nonce')}</span>
            <input value={form.nonce} onChange={set('nonce')} inputMode="numeric" />
          </label>
          <label className={styles.field}>
            <span>{t('field.stake_minor')}</span>
            <input value={form.stakeMinor} onChange={set('stakeMinor')} inputMode="numeric" />
          </label>
        </div>
        <label className={styles.field}>
          <span>{t('field.params')}</span>
          <textarea value={form.params} onChange={set('params')} rows={2} spellCheck={false} />
        </label>
        <label className={styles.field}>
          <span>{t('field.actions')}</span>
          <textarea value={form.actions} onChange={set('actions')} rows={2} spellCheck={false} />
        </label>
        <div>
          <Button type="submit" variant="primary">
            {t('form.compute')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">{answer ? <ReplayOutput answer={answer} t={t} /> : null}</div>
    </section>
  );
}

export function CrashForm({ t }: { t: T }) {
  const id = useId();
  const [input, setInput] = useState({ hash: '', salt: '', game: '', commitment: '' });
  const [result, setResult] = useState<CrashCheck | null>(null);
  // A crash game's link (the crash screen's history) fills the form in and checks it at once.
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const hash = query.get('hash');
    if (!hash) return;
    const given = {
      hash,
      salt: query.get('salt') ?? '',
      game: query.get('game') ?? '',
      commitment: query.get('commitment') ?? '',
    };
    setInput(given);
    setResult(checkCrash(given));
  }, []);
  const set = (key: keyof typeof input) => (event: { target: { value: string } }) =>
    setInput((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(checkCrash(input));
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-crash`} id="crash">
      <h2 id={`${id}-crash`} className={styles.h2}>
        {t('crash.title')}
      </h2>
      <p className={styles.muted}>{t('crash.explain')}</p>
      <form className={styles.form} onSubmit={submit}>
        <label className={styles.field}>
          <span>{t('crash.hash')}</span>
          <input value={input.hash} onChange={set('hash')} spellCheck={false} autoComplete="off" />
        </label>
        <label className={styles.field}>
          <span>{t('crash.salt')}</span>
          <input value={input.salt} onChange={set('salt')} spellCheck={false} autoComplete="off" />
        </label>
        <div className={styles.row}>
          <label className={styles.field}>
            <span>{t('crash.game')}</span>
            <input value={input.game} onChange={set('game')} inputMode="numeric" />
          </label>
          <label className={styles.field}>
            <span>{t('crash.commitment')}</span>
            <input value={input.commitment} onChange={set('commitment')} spellCheck={false} />
          </label>
        </div>
        <div>
          <Button type="submit" variant="primary">
            {t('crash.compute')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {result === null ? null : result.ok ? (
          <dl className={styles.facts} data-testid="crash-result">
            <dt>{t('crash.point')}</dt>
            <dd className={styles.num}>{(result.crashPointCenti / 100).toFixed(2)}×</dd>
            <dt>{t('crash.chain')}</dt>
            <dd className={result.chainOk === false ? styles.bad : result.chainOk ? styles.good : undefined}>
              {result.chainOk === null
                ? t('crash.chain_skipped')
                : result.chainOk
                  ? t('crash.chain_ok')
                  : t('crash.chain_bad')}
            </dd>
          </dl>
        ) : (
          <p className={styles.bad} role="alert">
            {t(`crash.problem_${result.problem}`)}
          </p>
        )}
      </div>
    </section>
  );
}
