/**
 * Baccarat (punto banco): mark player, banker and/or tie (toggle buttons; the frame's stake is shared
 * evenly between the marked bets), deal. The stage shows the two hands with their totals and the
 * winner; each bet's result is listed under it.
 */
import { useState } from 'react';
import type { Card } from '../cards/card-model.ts';
import { parseCards } from '../cards/card-model.ts';
import { CardRow } from '../cards/PlayingCard.tsx';
import { useGameT as useCardsT } from '../cards/use-game-t.ts';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { list, num, record, text } from '../slot-shared/view-json.ts';
import { splitStake } from '../table-stake.ts';
import styles from './Baccarat.module.css';

export type BaccaratKind = 'player' | 'banker' | 'tie';
const KINDS: readonly BaccaratKind[] = ['player', 'banker', 'tie'];
const ODDS: Readonly<Record<BaccaratKind, string>> = { player: '1:1', banker: '0.95:1', tie: '8:1' };

/** What a baccarat view holds: both hands as card codes, totals, the winner and each bet's result. */
export function readBaccaratView(round: RoundView | null) {
  const view = record(round?.view);
  const winner = text(view.winner);
  return {
    player: parseCards(view.player) as Card[],
    banker: parseCards(view.banker) as Card[],
    playerTotal: num(view.playerTotal),
    bankerTotal: num(view.bankerTotal),
    winner: (KINDS as readonly string[]).includes(winner) ? (winner as BaccaratKind) : null,
    bets: list(view.bets).map((item) => {
      const bet = record(item);
      return { kind: text(bet.kind) as BaccaratKind, payoutMinor: text(bet.payoutMinor, '0') };
    }),
  };
}

/** Params for props.play: the marked bets in board order with the stake split evenly; null for none. */
export function baccaratParams(marked: readonly BaccaratKind[], stakeMinor: bigint) {
  const kinds = KINDS.filter((kind) => marked.includes(kind));
  const amounts = splitStake(kinds.length, stakeMinor);
  if (!amounts) return null;
  return { bets: kinds.map((kind, i) => ({ kind, amountMinor: amounts[i]!.toString() })) };
}

export default function BaccaratGame(props: GameUiProps) {
  const t = useGameT();
  const tc = useCardsT('cards');
  const last = readBaccaratView(props.round);
  const [marked, setMarked] = useState<BaccaratKind[]>(() =>
    last.bets.length > 0 ? last.bets.map((bet) => bet.kind) : ['banker'],
  );
  const player = useRoundPlayer(props, {
    baseMs: 1200,
    describe: (round) => {
      const shown = readBaccaratView(round);
      const dealt = t('baccarat.announce', {
        player: shown.playerTotal,
        banker: shown.bankerTotal,
        winner: t(`baccarat.winner.${shown.winner ?? 'tie'}`),
      });
      const payout = payoutOf(round);
      return `${dealt} — ${payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss')}`;
    },
  });
  const shown = readBaccaratView(player.round);
  const busy = props.busy || player.animating;
  const params = baccaratParams(marked, props.stakeMinor);
  const dealt = shown.player.length > 0 && !player.animating;
  const toggle = (kind: BaccaratKind) =>
    setMarked((current) => (current.includes(kind) ? current.filter((k) => k !== kind) : [...current, kind]));
  const paid = new Map(shown.bets.map((bet) => [bet.kind, BigInt(bet.payoutMinor)]));

  const hand = (side: 'player' | 'banker') => {
    const cards = side === 'player' ? shown.player : shown.banker;
    const total = side === 'player' ? shown.playerTotal : shown.bankerTotal;
    return (
      <div
        className={styles.hand}
        data-side={side}
        data-winner={dealt && shown.winner === side ? 'true' : undefined}
      >
        <h3 className={styles.handTitle}>
          {t(`baccarat.${side}`)}
          {dealt ? <span className={styles.points}>{t('baccarat.points', { total })}</span> : null}
        </h3>
        {dealt ? (
          <CardRow cards={cards} t={tc} label={t(`baccarat.${side}_cards`)} />
        ) : (
          <span className={styles.empty}>—</span>
        )}
      </div>
    );
  };
  const stage = (
    <figure className={styles.table} aria-label={t('baccarat.table')}>
      <div className={styles.hands}>
        {hand('player')}
        {hand('banker')}
      </div>
      <figcaption className={styles.outcome}>
        {dealt && shown.winner ? t(`baccarat.result.${shown.winner}`) : ''}
      </figcaption>
    </figure>
  );
  const controls = (
    <>
      <fieldset className={styles.bets}>
        <legend className={styles.legend}>{t('baccarat.bets')}</legend>
        {KINDS.map((kind) => {
          const result = dealt ? paid.get(kind) : undefined;
          return (
            <button
              key={kind}
              type="button"
              className={styles.bet}
              aria-pressed={marked.includes(kind)}
              data-won={result === undefined ? undefined : String(result > 0n)}
              disabled={busy}
              onClick={() => toggle(kind)}
            >
              <span className={styles.betLabel}>{t(`baccarat.bet.${kind}`)}</span>
              <span className={styles.odds}>{ODDS[kind]}</span>
              {result !== undefined ? <span className={styles.paid}>{props.money(result)}</span> : null}
            </button>
          );
        })}
      </fieldset>
      <p className={styles.note}>
        {params
          ? t('baccarat.stake_split', { amount: props.money(props.stakeMinor), count: params.bets.length })
          : t('baccarat.no_bets')}
      </p>
      <p className={styles.note}>{t('baccarat.rules')}</p>
      <PlayButton
        busy={busy}
        disabled={!params}
        onPlay={() => {
          if (params) void player.play(params);
        }}
        label={t('baccarat.deal')}
      />
    </>
  );
  return (
    <GameScreen
      gameId="baccarat"
      player={player}
      stage={stage}
      controls={controls}
      result={<RoundResult round={player.round} player={player} money={props.money} />}
    />
  );
}
