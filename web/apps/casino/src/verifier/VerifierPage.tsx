import { useEffect, useState } from 'react';
import { useGameT } from '../games/cards/use-game-t.ts';
import { RoundCheckView } from './round-check.tsx';
import styles from './verifier.module.css';
import { CrashForm, ReplayForm } from './verifier-forms.tsx';
import type { T } from './verifier-parts.tsx';
import verifyScriptSource from './verify-round.mjs?raw';

export interface VerifierPageProps {
  readonly lng: string;
  /** The round to check, or null for the explanation and the free form. */
  readonly roundId: string | null;
}

/**
 * The stand-alone script as a download made in the browser from its own text (bundled with this
 * page), so the file is exactly the one the page's tests check and needs no static route.
 */
function useScriptDownload(): string | undefined {
  const [href, setHref] = useState<string | undefined>(undefined);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([verifyScriptSource], { type: 'text/javascript' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, []);
  return href;
}

function Explanation({ t }: { t: T }) {
  const scriptHref = useScriptDownload();
  return (
    <section className={styles.card} aria-labelledby="pf-how">
      <h2 id="pf-how" className={styles.h2}>
        {t('how.title')}
      </h2>
      <ol className={styles.steps}>
        <li>{t('how.commitment')}</li>
        <li>{t('how.client_seed')}</li>
        <li>{t('how.nonce')}</li>
        <li>
          {t('how.bytes')}{' '}
          <code className={styles.code}>HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor")</code>
        </li>
        <li>{t('how.rejection')}</li>
        <li>{t('how.reveal')}</li>
      </ol>
      <p className={styles.muted}>{t('by_hand')}</p>
      <pre className={styles.pre}>
        {
          'printf %s "$SERVER_SEED" | sha256sum\nprintf %s "$CLIENT_SEED:$NONCE:0" | openssl dgst -sha256 -hmac "$SERVER_SEED"'
        }
      </pre>
      <p>
        <a href={scriptHref} download="verify-round.mjs" className={styles.link} data-testid="verify-script">
          {t('script.download')}
        </a>{' '}
        <span className={styles.muted}>{t('script.usage')}</span>
      </p>
      <pre className={styles.pre}>
        {
          'node verify-round.mjs --game dice --server-seed <seed> --client-seed <text> --nonce 7 --params \'{"direction":"under","target":5000}\''
        }
      </pre>
    </section>
  );
}

export function VerifierPage({ lng, roundId }: VerifierPageProps) {
  const t = useGameT('verifier');
  return (
    <div className={styles.page} data-testid="verifier">
      <p className={styles.lead}>{t('lead')}</p>
      {roundId ? <RoundCheckView roundId={roundId} lng={lng} t={t} /> : null}
      {roundId ? null : (
        <>
          <Explanation t={t} />
          <ReplayForm t={t} initial={null} />
          <CrashForm t={t} />
        </>
      )}
      {roundId ? <Explanation t={t} /> : null}
    </div>
  );
}
