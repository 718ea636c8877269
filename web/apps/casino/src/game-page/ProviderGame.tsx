/**
 * An external studio's game (a catalogue game of a provider, no in-house engine): the page asks
 * POST /web-api/casino/v1/providers/{provider}/launch for the mode chosen and shows the studio's page
 * in an iframe (docs/casino-providers.md §2, docs/demo-studio.md). Guests play demo only; the studio
 * moves real money through the provider wallet API, so the page has no stake controls of its own.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Skeleton, VisuallyHidden } from '@parlay/ui/index.ts';
import { useEffect, useRef, useState } from 'react';
import { providersApi } from '../api.ts';
import type { PlayMode } from '../games/game-ui.ts';
import { loginHref } from '../games/login-link.ts';
import type { GameDetails } from '../model.ts';
import styles from './GamePage.module.css';
import { errorText } from './GamePage.tsx';

/** A provider game: no in-house engine, imported for a provider (tags name it). */
export function isProviderGame(game: Pick<GameDetails, 'engineId' | 'tags'>): boolean {
  return game.engineId === null && game.tags.includes('provider');
}

type Frame = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; text: string };

export function ProviderGame({ game, lng, signedIn }: { game: GameDetails; lng: string; signedIn: boolean }) {
  const t = useT('casino');
  const tErrors = useT('errors');
  const realOffered = game.real && signedIn;
  const [mode, setMode] = useState<PlayMode>(realOffered ? 'real' : 'demo');
  const [frame, setFrame] = useState<Frame>({ status: 'loading' });

  // The translators are new functions each render: kept in a ref so that only a change of game,
  // mode or language launches again.
  const texts = useRef({ t, tErrors });
  texts.current = { t, tErrors };

  useEffect(() => {
    let stopped = false;
    setFrame({ status: 'loading' });
    providersApi.launch(game.provider.id, game.id, mode, lng).then((answer) => {
      if (stopped) return;
      setFrame(
        answer.ok
          ? { status: 'ready', url: answer.data.url }
          : { status: 'error', text: errorText(texts.current.tErrors, texts.current.t, answer) },
      );
    });
    return () => {
      stopped = true;
    };
  }, [game.provider.id, game.id, mode, lng]);

  return (
    <div className={styles.page} data-game-id={game.id} data-mode={mode} data-provider={game.provider.id}>
      <div className={styles.topBar}>
        <div className={styles.modeSwitch} role="radiogroup" aria-label={t('mode.label')}>
          {(['real', 'demo'] as const).map((m) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented switch of two buttons
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              className={styles.modeButton}
              disabled={(m === 'real' && !realOffered) || (m === 'demo' && !game.demo)}
              onClick={() => setMode(m)}
            >
              {t(`mode.${m}`)}
            </button>
          ))}
        </div>
        {!signedIn && game.real ? (
          <p className={styles.signIn}>
            {t(game.demo ? 'mode.guest_demo' : 'mode.real_only')}{' '}
            <a href={loginHref(lng, `/${lng}${game.route}`)}>{t('mode.sign_in')}</a>
          </p>
        ) : null}
      </div>
      <div className={styles.stage} data-testid="casino-stage">
        <div className={styles.screen}>
          {frame.status === 'ready' ? (
            <iframe
              key={frame.url}
              src={frame.url}
              title={game.name}
              data-testid="provider-frame"
              style={{ width: '100%', height: '560px', border: 0, display: 'block' }}
              allow="fullscreen"
              referrerPolicy="no-referrer"
            />
          ) : frame.status === 'loading' ? (
            <div className={styles.stagePlaceholder} aria-busy="true">
              <VisuallyHidden>{t('game.loading')}</VisuallyHidden>
              <Skeleton height="100%" />
            </div>
          ) : (
            <p className={styles.error} role="alert" data-testid="casino-error">
              {frame.text}
            </p>
          )}
        </div>
      </div>
      <dl>
        <dt>{t('game.provider')}</dt>
        <dd>{game.provider.name}</dd>
        <dt>{t('game.rtp')}</dt>
        <dd>{game.rtp} %</dd>
      </dl>
    </div>
  );
}
