/**
 * The trading desk: the live liability of open bets (biggest first, per currency, reloaded as bets
 * arrive over /ws), a game's markets with suspend and resume (market, game, sport), and the market
 * desk (prices, maximum stake, result entry and correction).
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useErrorText, useNotice } from './desk.tsx';
import { MarketDesk } from './MarketDesk.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import own from './Trading.module.css';
import type { GameBook, GameLiabilityRow } from './trading-api.ts';
import { useBetActivity } from './use-bet-activity.ts';

export function TradingSection({ me, lng }: { me: Me; lng: string }) {
  const t = useT('backoffice');
  const errorText = useErrorText();
  const mayManage = me.actions.includes('trading.manage');
  const [games, setGames] = useState<GameLiabilityRow[] | null>(null);
  const [game, setGame] = useState<GameBook | null>(null);
  const [gameId, setGameId] = useState('');
  const [sportId, setSportId] = useState('');
  const [marketId, setMarketId] = useState<string | null>(null);
  const { notice, setNotice, report } = useNotice();

  const loadLiability = useCallback(async () => {
    const answer = await call<{ games: GameLiabilityRow[] }>(`/trading/liability?lang=${lng}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setGames(answer.data.games);
  }, [lng]);
  const live = useBetActivity(() => void loadLiability());
  useEffect(() => {
    void loadLiability();
  }, [loadLiability]);

  const openGame = useCallback(
    async (id: string) => {
      const answer = await call<GameBook>(`/trading/games/${id}?lang=${lng}`);
      leaveIfSignedOut(answer);
      if (answer.ok) setGame(answer.data);
      else setNotice({ kind: 'error', text: errorText(answer.code) });
    },
    [lng, errorText, setNotice],
  );

  const suspend = async (scope: 'market' | 'game' | 'sport', id: string, on: boolean) => {
    const answer = await post<{ markets: number }>('/trading/suspend', { scope, id, suspend: on });
    report(answer, (d) => t(on ? 'trading.suspended' : 'trading.resumed', { count: d.markets }));
    if (game) await openGame(String(game.gameId));
  };

  return (
    <div className={styles.stack}>
      <NoticeLine notice={notice} />
      <LiabilityPanel games={games} live={live} onOpenGame={(id) => void openGame(String(id))} />
      <Panel id="bo-trading-find" title={t('trading.findTitle')}>
        <form
          className={styles.inlineForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (/^\d+$/.test(gameId)) void openGame(gameId);
          }}
        >
          <TextField
            label={t('trading.gameId')}
            inputMode="numeric"
            value={gameId}
            onChange={(e) => setGameId(e.target.value.trim())}
          />
          <Button type="submit">{t('trading.openGame')}</Button>
        </form>
        {mayManage ? (
          <form className={styles.inlineForm} onSubmit={(e) => e.preventDefault()}>
            <TextField
              label={t('trading.sportId')}
              inputMode="numeric"
              value={sportId}
              onChange={(e) => setSportId(e.target.value.trim())}
            />
            <Button disabled={!/^\d+$/.test(sportId)} onClick={() => void suspend('sport', sportId, true)}>
              {t('trading.suspendSport')}
            </Button>
            <Button
              variant="ghost"
              disabled={!/^\d+$/.test(sportId)}
              onClick={() => void suspend('sport', sportId, false)}
            >
              {t('trading.resumeSport')}
            </Button>
          </form>
        ) : null}
      </Panel>
      {game ? (
        <GamePanel
          game={game}
          mayManage={mayManage}
          onSuspend={(scope, id, on) => void suspend(scope, id, on)}
          onOpenMarket={setMarketId}
        />
      ) : null}
      {marketId ? (
        <MarketDesk
          key={marketId}
          marketId={marketId}
          me={me}
          lng={lng}
          onChanged={() => {
            void loadLiability();
            if (game) void openGame(String(game.gameId));
          }}
        />
      ) : null}
    </div>
  );
}

function LiabilityPanel({
  games,
  live,
  onOpenGame,
}: {
  games: GameLiabilityRow[] | null;
  live: boolean;
  onOpenGame(id: number): void;
}) {
  const t = useT('backoffice');
  const format = useFormat();
  return (
    <section className={styles.panel} aria-labelledby="bo-liability">
      <div className={own.panelHead}>
        <h2 id="bo-liability" className={styles.subheading}>
          {t('trading.liabilityTitle')}
        </h2>
        <span className={live ? own.live : own.offline} data-testid="liability-live">
          {live ? t('trading.live') : t('trading.offline')}
        </span>
      </div>
      <p className={styles.muted}>{t('trading.liabilityHint')}</p>
      <DataTable
        rows={games}
        empty={t('trading.noLiability')}
        testId="liability"
        columns={[
          { label: t('trading.game') },
          { label: t('trading.worstMarket') },
          { label: t('trading.worstOutcome') },
          { label: t('trading.stakes'), num: true },
          { label: t('trading.payouts'), num: true },
          { label: t('trading.liability'), num: true },
          { label: t('actions'), hidden: true },
        ]}
        row={(g) => {
          const market = g.markets[0]!;
          const worst = market.outcomes[0]!;
          return (
            <tr key={`${g.gameId}-${g.currency}`} data-testid={`liability-${g.gameId}`}>
              <td>
                <span className={own.strong}>{g.gameLabel}</span>
                <span className={own.sub}>
                  {g.champName} · #{g.gameId}
                </span>
              </td>
              <td>{market.marketLabel}</td>
              <td>{worst.outcomeLabel}</td>
              <td className={styles.num}>{format.money(worst.stakeMinor, g.currency)}</td>
              <td className={styles.num}>{format.money(worst.potentialPayoutMinor, g.currency)}</td>
              <td className={styles.num} data-testid={`liability-amount-${g.gameId}`}>
                {format.money(g.liabilityMinor, g.currency)}
              </td>
              <td>
                <Button
                  size="sm"
                  onClick={() => onOpenGame(g.gameId)}
                  aria-label={t('trading.openGameLabel', { game: g.gameLabel })}
                >
                  {t('trading.openGame')}
                </Button>
              </td>
            </tr>
          );
        }}
      />
    </section>
  );
}

function GamePanel({
  game,
  mayManage,
  onSuspend,
  onOpenMarket,
}: {
  game: GameBook;
  mayManage: boolean;
  onSuspend(scope: 'market' | 'game', id: string, on: boolean): void;
  onOpenMarket(id: string): void;
}) {
  const t = useT('backoffice');
  return (
    <section className={styles.panel} aria-labelledby="bo-game">
      <div className={own.panelHead}>
        <h2 id="bo-game" className={styles.subheading}>
          {game.gameLabel} · #{game.gameId}
        </h2>
        {mayManage ? (
          <div className={styles.buttons}>
            <Button size="sm" onClick={() => onSuspend('game', String(game.gameId), true)}>
              {t('trading.suspendGame')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onSuspend('game', String(game.gameId), false)}>
              {t('trading.resumeGame')}
            </Button>
          </div>
        ) : null}
      </div>
      <DataTable
        rows={game.markets}
        testId="game-markets"
        columns={[
          { label: t('trading.market') },
          { label: t('trading.state') },
          { label: t('trading.prices') },
          { label: t('actions'), hidden: true },
        ]}
        row={(m) => (
          <tr key={m.marketId} data-testid={`market-${m.marketId}`}>
            <td>{m.marketLabel}</td>
            <td>
              <span className={m.state === 'open' ? styles.badge : `${styles.badge} ${styles.badgeBad}`}>
                {t(`trading.states.${m.state}`)}
                {m.suspendedBy === 'operator' ? ` · ${t('trading.byOperator')}` : ''}
              </span>
            </td>
            <td className={own.prices}>
              {m.outcomes.map((o) => `${o.label} ${(o.oddsMilli / 1000).toFixed(2)}`).join(' · ')}
            </td>
            <td className={styles.actions}>
              <div className={styles.buttons}>
                <Button
                  size="sm"
                  onClick={() => onOpenMarket(m.marketId)}
                  aria-label={t('trading.openMarketLabel', { market: m.marketLabel })}
                >
                  {t('trading.openMarket')}
                </Button>
                {mayManage && m.state === 'open' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onSuspend('market', m.marketId, true)}
                    aria-label={t('trading.suspendLabel', { market: m.marketLabel })}
                  >
                    {t('trading.suspend')}
                  </Button>
                ) : null}
                {mayManage && m.state === 'suspended' && m.suspendedBy === 'operator' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onSuspend('market', m.marketId, false)}
                    aria-label={t('trading.resumeLabel', { market: m.marketLabel })}
                  >
                    {t('trading.resume')}
                  </Button>
                ) : null}
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
