/**
 * Provably fair, one click away: the committed server seed's hash, the player's client seed (editable),
 * the next nonce, rotation (which reveals the old server seed) and a link to verify the last round.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useId, useState } from 'react';
import type { FairnessState } from '../model.ts';
import styles from './GamePage.module.css';

export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function FairnessPanel({
  lng,
  fairness,
  lastRoundId,
  busy,
  onClientSeed,
  onRotate,
}: {
  lng: string;
  fairness: FairnessState | null;
  lastRoundId: string | null;
  busy: boolean;
  onClientSeed: (seed: string) => Promise<boolean>;
  onRotate: () => Promise<boolean>;
}) {
  const t = useT('casino');
  const id = useId();
  const [seed, setSeed] = useState(fairness?.clientSeed ?? '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setSeed(fairness?.clientSeed ?? ''), [fairness?.clientSeed]);

  return (
    <details className={styles.panel} data-testid="casino-fairness">
      <summary className={styles.panelSummary}>{t('fair.title')}</summary>
      {fairness === null ? (
        <p>{t('fair.unavailable')}</p>
      ) : (
        <div className={styles.fairBody}>
          <p className={styles.muted}>{t('fair.explain')}</p>
          <dl className={styles.facts}>
            <dt>{t('fair.commitment')}</dt>
            <dd className={styles.mono}>{fairness.commitment}</dd>
            <dt>{t('fair.nonce')}</dt>
            <dd className={styles.mono}>{fairness.nonce}</dd>
          </dl>
          <form
            className={styles.seedForm}
            onSubmit={(event) => {
              event.preventDefault();
              if (!CLIENT_SEED_PATTERN.test(seed)) {
                setInvalid(true);
                return;
              }
              setInvalid(false);
              void onClientSeed(seed);
            }}
          >
            <label htmlFor={`${id}-seed`}>{t('fair.client_seed')}</label>
            <input
              id={`${id}-seed`}
              className={`${styles.input} ${styles.mono}`}
              value={seed}
              maxLength={64}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${id}-seed-error` : undefined}
              onChange={(event) => setSeed(event.target.value)}
            />
            <Button type="submit" size="sm" disabled={busy || seed === fairness.clientSeed}>
              {t('fair.save_seed')}
            </Button>
            {invalid ? (
              <p id={`${id}-seed-error`} className={styles.error} role="alert">
                {t('fair.seed_invalid')}
              </p>
            ) : null}
          </form>
          <div className={styles.fairActions}>
            <Button size="sm" onClick={() => void onRotate()} disabled={busy}>
              {t('fair.rotate')}
            </Button>
            {lastRoundId ? (
              <a href={`/${lng}/provably-fair/${encodeURIComponent(lastRoundId)}`}>{t('fair.verify_last')}</a>
            ) : null}
          </div>
          {fairness.previous ? (
            <dl className={styles.facts} data-testid="casino-revealed-seed">
              <dt>{t('fair.previous_seed')}</dt>
              <dd className={styles.mono}>{fairness.previous.serverSeed}</dd>
              <dt>{t('fair.previous_commitment')}</dt>
              <dd className={styles.mono}>{fairness.previous.commitment}</dd>
              <dt>{t('fair.previous_client_seed')}</dt>
              <dd className={styles.mono}>{fairness.previous.clientSeed}</dd>
              <dt>{t('fair.previous_nonce')}</dt>
              <dd className={styles.mono}>{fairness.previous.lastNonce}</dd>
            </dl>
          ) : null}
        </div>
      )}
    </details>
  );
}
