/**
 * Blackjack: the dealer's hand on top (hole card face down until the end), the player's hands side by
 * side below (after a split the hand being played is marked), and the decisions the round allows
 * (hit, stand, double, split, insurance) as buttons and keys H S D P I. A resumed open round is drawn
 * from its view like any other. An optional basic-strategy hint names the book's play for the
 * active hand.
 */
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { CardRow } from '../cards/PlayingCard.tsx';
import { useGameT } from '../cards/use-game-t.ts';
import type { GameUiProps } from '../game-ui.ts';
import styles from './blackjack.module.css';
import {
  blackjackTable,
  DECISION_KEYS,
  decision,
  orderedDecisions,
  type TableHand,
} from './blackjack-view.ts';
import { strategyHint } from './hint.ts';

function HandBox({
  hand,
  index,
  count,
  active,
  t,
  tc,
  money,
}: {
  hand: TableHand;
  index: number;
  count: number;
  active: boolean;
  t: ReturnType<typeof useGameT>;
  tc: ReturnType<typeof useGameT>;
  money: GameUiProps['money'];
}) {
  const name = count > 1 ? t('hand_n', { n: index + 1 }) : t('your_hand');
  return (
    <li
      className={[styles.hand, active ? styles.active : ''].join(' ')}
      aria-current={active ? 'true' : undefined}
      data-hand={index}
    >
      <div className={styles.handHead}>
        <span>{name}</span>
        {active ? <span className={styles.activeMark}>{t('playing')}</span> : null}
      </div>
      <CardRow cards={hand.cards} t={tc} tight={hand.cards.length > 3} label={name} />
      <div className={styles.handFoot}>
        <span className={styles.total}>
          <span className={styles.srOnly}>{t('total')} </span>
          {hand.soft && hand.total < 21 ? t('soft_total', { total: hand.total }) : hand.total}
        </span>
        {hand.stakeMinor ? <span className={styles.stake}>{money(hand.stakeMinor)}</span> : null}
        {hand.doubled ? <span className={styles.tag}>{t('doubled')}</span> : null}
        {hand.result ? (
          <span className={[styles.result, styles[`result_${hand.result}`] ?? ''].join(' ')}>
            {t(`result.${hand.result}`)}
          </span>
        ) : null}
      </div>
    </li>
  );
}

export default function BlackjackUi(props: GameUiProps) {
  const { round, busy, play, act, money, stakeMinor } = props;
  const t = useGameT('blackjack');
  const tc = useGameT('cards');
  const table = blackjackTable(round);
  const open = round?.status === 'open';
  const decisions = open ? orderedDecisions(round.allowed) : [];
  const [hintOn, setHintOn] = useState(false);

  // The frame states a refused request (stake, limits, rules) itself; the screen only stays usable.
  const run = (task: () => Promise<unknown>) => {
    task().catch(() => undefined);
  };
  const deal = () => run(() => play({}));
  const decide = (kind: string) => run(() => act(decision(kind)));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (busy) return;
      const key = event.key.toLowerCase();
      if (!open && (key === 'enter' || key === 'n') && target?.tagName !== 'BUTTON') {
        event.preventDefault();
        deal();
        return;
      }
      const kind = DECISION_KEYS[key];
      if (kind && decisions.includes(kind)) {
        event.preventDefault();
        decide(kind);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const hint = hintOn && table && open ? strategyHint(table, decisions) : null;
  const announcement = table && !open ? summary(table, t, money, round?.payoutMinor ?? '0') : '';

  return (
    <section className={styles.game} aria-label={t('title')}>
      <div className={styles.felt}>
        <div className={styles.dealer}>
          <div className={styles.handHead}>
            <span>{t('dealer')}</span>
            {table && table.dealer.length > 0 ? (
              <span className={styles.total}>
                <span className={styles.srOnly}>{t('total')} </span>
                {table.dealerTotal}
              </span>
            ) : null}
          </div>
          {table ? (
            <CardRow cards={table.dealer} t={tc} label={t('dealer')} />
          ) : (
            <p className={styles.placeholder}>{t('place_bet')}</p>
          )}
        </div>
        {table ? (
          <ul
            className={[styles.hands, table.hands.length > 1 ? styles.split : ''].join(' ')}
            aria-label={t('your_hands')}
          >
            {table.hands.map((hand, index) => (
              <HandBox
                key={index}
                hand={hand}
                index={index}
                count={table.hands.length}
                active={table.active === index}
                t={t}
                tc={tc}
                money={money}
              />
            ))}
          </ul>
        ) : null}
        {table?.insuranceMinor ? (
          <p className={styles.insurance}>{t('insured', { amount: money(table.insuranceMinor) })}</p>
        ) : null}
      </div>

      <div className={styles.controls}>
        {open ? (
          <fieldset className={styles.decisions}>
            <legend className={styles.srOnly}>{t('decisions')}</legend>
            {decisions.map((kind) => (
              <Button
                key={kind}
                variant={hint === kind ? 'primary' : 'secondary'}
                disabled={busy}
                onClick={() => decide(kind)}
                aria-keyshortcuts={Object.entries(DECISION_KEYS).find(([, value]) => value === kind)?.[0]}
                data-action={kind}
              >
                {t(`action.${kind}`)}
              </Button>
            ))}
          </fieldset>
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
      {hint ? (
        <p className={styles.hint} aria-live="polite">
          {t('hint', { action: t(`action.${hint}`) })}
        </p>
      ) : null}
      <p className={styles.keys}>{t('keys')}</p>
      <p className={styles.srOnly} aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function summary(
  table: NonNullable<ReturnType<typeof blackjackTable>>,
  t: ReturnType<typeof useGameT>,
  money: GameUiProps['money'],
  payoutMinor: string,
): string {
  const hands = table.hands.map(
    (hand) => `${hand.total}${hand.result ? ` ${t(`result.${hand.result}`)}` : ''}`,
  );
  return t('announce', { dealer: table.dealerTotal, hands: hands.join(', '), win: money(payoutMinor) });
}
