/**
 * Jacks or Better: deal five cards, hold any of them (click a card or press 1–5), draw. The paytable
 * beside the hand lights the row of the hand made; an optional hint shows the hold that returns the
 * most on average (the domain's bestHold).
 */
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { PlayingCard } from '../cards/PlayingCard.tsx';
import { useGameT } from '../cards/use-game-t.ts';
import type { GameUiProps } from '../game-ui.ts';
import { hintClient } from './hint-client.ts';
import { JACKS_OR_BETTER } from './paytable.ts';
import { drawAction, pokerHand, toggleHold } from './poker-view.ts';
import styles from './video-poker.module.css';

export default function VideoPokerUi(props: GameUiProps) {
  const { round, busy, play, act, money, stakeMinor } = props;
  const t = useGameT('video-poker');
  const tc = useGameT('cards');
  const hand = pokerHand(round);
  const open = hand?.open === true;
  const [held, setHeld] = useState<number[]>([]);
  const [hintOn, setHintOn] = useState(false);
  const roundKey = round ? `${round.roundId}:${round.status}` : '';

  // A new deal (or a resumed round) starts from the holds the view has.
  useEffect(() => {
    setHeld(hand?.open ? [...hand.held] : []);
  }, [roundKey]);

  // The frame states a refused request (stake, limits, rules) itself; the screen only stays usable.
  const run = (task: () => Promise<unknown>) => {
    task().catch(() => undefined);
  };
  const deal = () => run(() => play({}));
  const draw = () => run(() => act(drawAction(held)));
  const toggle = (position: number) => {
    if (open && !busy) setHeld((current) => toggleHold(current, position));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || busy) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (open && /^[1-5]$/.test(event.key)) {
        event.preventDefault();
        toggle(Number(event.key) - 1);
      } else if (event.key === 'Enter' && target?.tagName !== 'BUTTON') {
        event.preventDefault();
        if (open) draw();
        else deal();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // The hint is worked out in a worker (its first hand builds tables for seconds): the page stays live.
  const [hint, setHint] = useState<{ key: string; hold: number[] | null; failed?: boolean } | null>(null);
  const handKey = hand?.cards.map((card) => (card.hidden ? '?' : `${card.rank}${card.suit}`)).join(' ') ?? '';
  useEffect(() => {
    if (!hintOn || !open || !hand) return;
    let live = true;
    void hintClient()
      .hint(hand.cards)
      .then((result) => {
        if (!live) return;
        setHint(
          'failed' in result ? { key: handKey, hold: null, failed: true } : { key: handKey, ...result },
        );
      });
    return () => {
      live = false;
    };
  }, [hintOn, open, handKey]);
  const shownHint = hintOn && open && hint?.key === handKey ? hint.hold : null;
  const hintFailed = hintOn && open && hint?.key === handKey && hint.failed === true;
  const hintPending = hintOn && open && hint?.key !== handKey;
  const finalRank = hand && !open ? hand.rank : null;
  const shownHeld = open ? held : (hand?.held ?? []);
  const announcement =
    hand && !open
      ? t('announce', {
          hand: finalRank ? t(`rank.${finalRank}`) : t('rank.nothing'),
          win: money(round?.payoutMinor ?? '0'),
        })
      : '';

  return (
    <section className={styles.game} aria-label={t('title')}>
      <div className={styles.layout}>
        <table className={styles.paytable}>
          <caption className={styles.caption}>{t('paytable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('hand')}</th>
              <th scope="col">{t('pays')}</th>
            </tr>
          </thead>
          <tbody>
            {JACKS_OR_BETTER.map((row) => {
              const lit = finalRank === row.rank || (open && hand?.rank === row.rank);
              return (
                <tr
                  key={row.rank}
                  className={lit ? (open ? styles.made : styles.lit) : undefined}
                  aria-current={lit ? 'true' : undefined}
                >
                  <th scope="row">{t(`rank.${row.rank}`)}</th>
                  <td>{t('times', { n: row.pays })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>

        <div className={styles.table}>
          <ul className={styles.cards} aria-label={t('your_hand')}>
            {(hand?.cards.length ? hand.cards : Array.from({ length: 5 }, () => null)).map(
              (card, position) => {
                const isHeld = shownHeld.includes(position);
                return (
                  <li key={position} className={styles.slot}>
                    {card ? (
                      <button
                        type="button"
                        className={[styles.cardButton, isHeld ? styles.held : ''].join(' ')}
                        aria-pressed={open ? isHeld : undefined}
                        aria-keyshortcuts={String(position + 1)}
                        disabled={!open || busy}
                        onClick={() => toggle(position)}
                        data-position={position}
                      >
                        <PlayingCard card={card} t={tc} highlight={isHeld} index={position} />
                        {shownHint?.includes(position) ? (
                          <span className={styles.hintMark} aria-hidden="true">
                            ★
                          </span>
                        ) : null}
                        <span className={styles.holdLabel}>
                          {isHeld ? t('held') : open ? t('hold') : '\u00a0'}
                        </span>
                      </button>
                    ) : (
                      <span className={styles.empty} aria-hidden="true" />
                    )}
                  </li>
                );
              },
            )}
          </ul>
          {hintOn && open ? (
            <p className={styles.hint} aria-live="polite" aria-busy={hintPending}>
              {hintFailed
                ? t('hint_failed')
                : hintPending || !shownHint
                  ? t('hint_pending')
                  : shownHint.length === 0
                    ? t('hint_none')
                    : t('hint', { cards: shownHint.map((position) => String(position + 1)).join(', ') })}
            </p>
          ) : null}
          {finalRank !== null || (hand && !open) ? (
            <p className={styles.outcome}>
              {finalRank ? t(`rank.${finalRank}`) : t('rank.nothing')} · {money(round?.payoutMinor ?? '0')}
            </p>
          ) : null}
          <div className={styles.controls}>
            {open ? (
              <Button variant="primary" disabled={busy} onClick={draw} data-action="draw">
                {t('draw')}
              </Button>
            ) : (
              <Button variant="primary" disabled={busy || stakeMinor <= 0n} onClick={deal} data-action="deal">
                {t('deal', { stake: money(stakeMinor) })}
              </Button>
            )}
            <label className={styles.hintToggle}>
              <input type="checkbox" checked={hintOn} onChange={(event) => setHintOn(event.target.checked)} />
              {t('hint_toggle')}
            </label>
          </div>
          <p className={styles.keys}>{t('keys')}</p>
        </div>
      </div>
      <p className={styles.srOnly} aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
