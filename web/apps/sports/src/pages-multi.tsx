/** Multi-live: several live games side by side, chosen by the player. */
import { browserApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useState } from 'react';
import { loadGame } from './api.ts';
import { useSportsContext } from './context.tsx';
import gameStyles from './Game.module.css';
import { GameView } from './GamePage.tsx';
import type { GamePage } from './model.ts';
import { setMultiLive, useMultiLive } from './multi-live.ts';
import styles from './Pages.module.css';
import type { PageModel } from './page-model.ts';

export function MultiPage({ model }: { model: Extract<PageModel, { kind: 'multi' }> }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const [ids, toggle] = useMultiLive();
  const [games, setGames] = useState<GamePage[]>(model.games);
  // The server rendered the games of ?games=…; a player's saved choice (localStorage) loads here.
  useEffect(() => {
    if (model.games.length > 0) {
      setMultiLive(model.games.map((g) => g.id));
      return;
    }
    const saved = ids;
    if (saved.length === 0) return;
    void Promise.all(saved.map((id) => loadGame(browserApi, lng, id))).then((answers) =>
      setGames(answers.flatMap((a) => (a.ok ? [a.data] : []))),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const add = async (id: number) => {
    toggle(id);
    if (games.some((g) => g.id === id)) {
      setGames(games.filter((g) => g.id !== id));
      return;
    }
    const answer = await loadGame(browserApi, lng, id);
    if (answer.ok) setGames((list) => [...list, answer.data].slice(-4));
  };
  return (
    <>
      <p className={styles.note}>{t('multi.intro')}</p>
      {games.length === 0 ? <p className={styles.note}>{t('multi.empty')}</p> : null}
      <div className={gameStyles.multi}>
        {games.map((game) => (
          <div key={game.id} className={gameStyles.multiItem}>
            <GameView game={game} compact />
          </div>
        ))}
      </div>
      <h2 className={styles.sectionTitle}>{t('multi.pick')}</h2>
      <ul className={styles.pickList}>
        {model.candidates.map((game) => (
          <li key={game.id}>
            <button
              type="button"
              className={styles.pick}
              aria-pressed={ids.includes(game.id)}
              onClick={() => add(game.id)}
            >
              {ids.includes(game.id) ? '✓ ' : '+ '}
              {game.home.name} — {game.away.name}
              <span className={styles.pickScore}>
                {game.score.home}:{game.score.away}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
