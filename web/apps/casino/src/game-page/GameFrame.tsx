/**
 * Mounts a game's screen (games/index.ts, loaded lazily by engine id) with the frame's props. The
 * server and the first browser render draw the stage's placeholder, so hydration matches; a game
 * without a screen yet says so instead of breaking the page.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Skeleton, VisuallyHidden } from '@parlay/ui/index.ts';
import { type ComponentType, useEffect, useState } from 'react';
import type { GameUiProps } from '../games/game-ui.ts';
import { gameUiLoader } from '../games/index.ts';
import styles from './GamePage.module.css';

type Screen =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<GameUiProps> }
  | { status: 'missing' }
  | { status: 'error' };

export function GameFrame(props: GameUiProps) {
  const t = useT('casino');
  const [screen, setScreen] = useState<Screen>({ status: 'loading' });
  const { engineId } = props;

  useEffect(() => {
    const load = gameUiLoader(engineId);
    if (!load) {
      setScreen({ status: 'missing' });
      return;
    }
    let stopped = false;
    setScreen({ status: 'loading' });
    load().then(
      (module) => {
        if (!stopped) setScreen({ status: 'ready', Component: module.default });
      },
      () => {
        if (!stopped) setScreen({ status: 'error' });
      },
    );
    return () => {
      stopped = true;
    };
  }, [engineId]);

  if (screen.status === 'ready') {
    const { Component } = screen;
    return <Component {...props} />;
  }
  if (screen.status === 'loading') {
    return (
      <div className={styles.stagePlaceholder} aria-busy="true">
        <VisuallyHidden>{t('game.loading')}</VisuallyHidden>
        <Skeleton height="100%" />
      </div>
    );
  }
  return (
    <div className={styles.stageNotice} role="status">
      <p>{t(screen.status === 'missing' ? 'game.screen_missing' : 'game.screen_error')}</p>
    </div>
  );
}
