/** A stored round checked in the browser: its verify data loaded, the commitment checked, the replay beside the server's result. */
import { browserApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useGameInfos } from '../game-names.ts';
import { GameFrame } from '../game-page/GameFrame.tsx';
import { moneyOf } from '../game-page/money.ts';
import type { RoundView } from '../games/game-ui.ts';
import styles from './verifier.module.css';
import { ReplayForm } from './verifier-forms.tsx';
import { DifferenceTable, RawJson, ResultBlock, type T } from './verifier-parts.tsx';
import { checkRound, parseVerifyData, screenRound, type VerifyData } from './verify-model.ts';

/**
 * The game's own screen drawing a round, read only: its controls are off (a disabled fieldset around
 * it), no decision is left to take, and a request (a keyboard shortcut) is refused here. Not "busy":
 * the screens would label their buttons as playing.
 */
function ReadOnlyScreen({
  round,
  lng,
  money,
}: {
  round: RoundView;
  lng: string;
  money: (minor: string) => string;
}) {
  const refuse = () => Promise.reject(new Error('the verifier only shows rounds'));
  return (
    <fieldset className={styles.screen} disabled data-testid="verify-screen">
      <GameFrame
        engineId={round.engineId}
        lng={lng}
        mode={round.mode}
        signedIn={false}
        round={round}
        busy={false}
        stakeMinor={BigInt(round.stakeMinor)}
        limits={{
          currency: round.currency,
          minStakeMinor: round.stakeMinor,
          maxStakeMinor: round.stakeMinor,
          stepMinor: '1',
        }}
        turbo={false}
        play={refuse}
        act={refuse}
        money={(minor) => money(String(minor))}
      />
    </fieldset>
  );
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; status: number | null }
  | { state: 'loaded'; data: VerifyData };

export function RoundCheckView({ roundId, lng, t }: { roundId: string; lng: string; t: T }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const tCasino = useT('casino');
  const formatMoney = useMemo(() => moneyOf(lng, tCasino), [lng, tCasino]);
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const response = await browserApi(`/web-api/casino/v1/verify/${encodeURIComponent(roundId)}`);
        const data = response.status === 200 ? parseVerifyData(await response.json()) : null;
        if (!live) return;
        setLoad(data ? { state: 'loaded', data } : { state: 'failed', status: response.status });
      } catch {
        if (live) setLoad({ state: 'failed', status: null });
      }
    })();
    return () => {
      live = false;
    };
  }, [roundId]);
  const infos = useGameInfos(lng, load.state === 'loaded' ? [load.data.gameId] : []);
  const gameRoute = load.state === 'loaded' ? (infos.get(load.data.gameId)?.route ?? null) : null;

  if (load.state === 'loading') {
    return (
      <section className={styles.card} aria-busy="true">
        <p>{t('round.loading')}</p>
      </section>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className={styles.card}>
        <p className={styles.bad} role="alert">
          {load.status === 404
            ? t('round.not_found')
            : load.status === 403
              ? t('round.forbidden')
              : t('round.failed')}
        </p>
      </section>
    );
  }
  const { data } = load;
  const check = checkRound(data);
  const server = data.result;
  const gameName = infos.get(data.gameId)?.name ?? data.engineId;
  const money = (minor: string) => formatMoney(minor, server.currency);
  const shown = screenRound(data, check.kind === 'checked' ? check.replay : null);
  return (
    <>
      <section className={styles.card} aria-labelledby="pf-round">
        <h2 id="pf-round" className={styles.h2}>
          {t('round.title', { id: data.roundId, game: gameName })}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('field.commitment')}</dt>
          <dd>
            <code className={styles.code}>{data.commitment}</code>
          </dd>
          <dt>{t('field.server_seed')}</dt>
          <dd>
            <code className={styles.code}>{data.serverSeed ?? t('round.hidden')}</code>
          </dd>
          <dt>{t('field.client_seed')}</dt>
          <dd>
            <code className={styles.code}>{data.clientSeed}</code>
          </dd>
          <dt>{t('field.nonce')}</dt>
          <dd className={styles.num}>{data.nonce}</dd>
        </dl>
        <Verdict check={check} t={t} lng={lng} gameRoute={gameRoute} />
      </section>
      <section className={styles.card} aria-labelledby="pf-outcome" data-testid="verify-outcome">
        <h2 id="pf-outcome" className={styles.h2}>
          {t('outcome.title')}
        </h2>
        <p className={styles.muted}>{t(check.kind === 'checked' ? 'outcome.note' : 'outcome.server')}</p>
        <ReadOnlyScreen round={shown} lng={lng} money={money} />
      </section>
      {check.kind === 'checked' ? (
        <div className={styles.sideBySide}>
          <section className={styles.card} aria-labelledby="pf-server">
            <h3 id="pf-server" className={styles.h3}>
              {t('compare.server')}
            </h3>
            <dl className={styles.facts} data-testid="server-result">
              <dt>{t('field.status')}</dt>
              <dd>{server.status === 'finished' ? t('status.finished') : t('status.open')}</dd>
              <dt>{t('field.staked')}</dt>
              <dd className={styles.num}>{money(server.stakedMinor)}</dd>
              <dt>{t('field.payout')}</dt>
              <dd className={styles.num}>{money(server.payoutMinor)}</dd>
              <dt>{t('field.view')}</dt>
              <dd>
                <RawJson value={server.view} t={t} />
              </dd>
            </dl>
          </section>
          <section className={styles.card} aria-labelledby="pf-replay">
            <h3 id="pf-replay" className={styles.h3}>
              {t('compare.replay')}
            </h3>
            <ResultBlock result={check.replay} t={t} money={money} />
          </section>
        </div>
      ) : null}
      {check.kind === 'checked' && check.differences.length > 0 ? (
        <DifferenceTable differences={check.differences} t={t} />
      ) : null}
      {data.serverSeed !== null ? <ReplayForm t={t} initial={data} /> : null}
    </>
  );
}

function Verdict({
  check,
  t,
  lng,
  gameRoute,
}: {
  check: ReturnType<typeof checkRound>;
  t: T;
  lng: string;
  gameRoute: string | null;
}) {
  switch (check.kind) {
    case 'not_revealed':
      return (
        <div className={styles.notice} role="status">
          <p>{t('round.not_revealed')}</p>
          <a className={styles.link} href={`/${lng}${gameRoute ?? '/casino'}#fairness`}>
            {t('round.rotate')}
          </a>
        </div>
      );
    case 'commitment_mismatch':
      return (
        <p className={styles.bad} role="alert" data-verdict="commitment-mismatch">
          {t('round.commitment_mismatch', { computed: check.computed })}
        </p>
      );
    case 'replay_failed':
      return (
        <p className={styles.bad} role="alert" data-verdict="replay-failed">
          {t(`problem.${check.answer.problem}`)}
          {check.answer.detail ? ` (${check.answer.detail})` : ''}
        </p>
      );
    case 'checked':
      return check.differences.length === 0 ? (
        <p className={styles.good} role="status" data-verdict="reproduced">
          ✓ {t('round.reproduced')}
        </p>
      ) : (
        <p className={styles.bad} role="alert" data-verdict="differs">
          ✗ {t('round.differs', { n: check.differences.length })}
        </p>
      );
  }
}
