/**
 * Autoplay, only where the jurisdiction allows it: a number of rounds up to its cap, optional stops
 * on a single win and on a loss, a Stop button, and why it stopped.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useId, useState } from 'react';
import styles from './GamePage.module.css';
import { type AutoplayPlan, autoplayChoices } from './session.ts';
import { parseStake } from './stake.ts';

export function AutoplayControl({
  cap,
  running,
  ready,
  scale,
  note,
  onStart,
  onStop,
}: {
  cap: number;
  running: AutoplayPlan | null;
  ready: boolean;
  scale: number;
  note: string | null;
  onStart: (plan: AutoplayPlan) => void;
  onStop: () => void;
}) {
  const t = useT('casino');
  const id = useId();
  const choices = autoplayChoices(cap);
  const [rounds, setRounds] = useState(choices[0] ?? 0);
  const [win, setWin] = useState('');
  const [loss, setLoss] = useState('');
  const amount = (text: string) => (text.trim() ? parseStake(text, scale) : null);
  const invalid =
    (win.trim() !== '' && amount(win) === null) || (loss.trim() !== '' && amount(loss) === null);
  return (
    <fieldset className={styles.autoplay} data-testid="casino-autoplay">
      <legend>{t('autoplay.title')}</legend>
      {running ? (
        <div className={styles.autoplayRow}>
          <span role="status">{t('autoplay.left', { count: running.left })}</span>
          <Button size="sm" onClick={onStop}>
            {t('autoplay.stop')}
          </Button>
        </div>
      ) : (
        <div className={styles.autoplayRow}>
          <label htmlFor={`${id}-rounds`}>{t('autoplay.rounds')}</label>
          <select
            id={`${id}-rounds`}
            className={styles.select}
            value={rounds}
            onChange={(event) => setRounds(Number(event.target.value))}
          >
            {choices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-win`}>{t('autoplay.stop_win')}</label>
          <input
            id={`${id}-win`}
            className={`${styles.input} ${styles.small}`}
            inputMode="decimal"
            value={win}
            onChange={(event) => setWin(event.target.value)}
          />
          <label htmlFor={`${id}-loss`}>{t('autoplay.stop_loss')}</label>
          <input
            id={`${id}-loss`}
            className={`${styles.input} ${styles.small}`}
            inputMode="decimal"
            value={loss}
            onChange={(event) => setLoss(event.target.value)}
          />
          <Button
            size="sm"
            disabled={!ready || invalid || rounds <= 0}
            onClick={() =>
              onStart({
                left: rounds,
                stopOnWinMinor: amount(win),
                stopOnLossMinor: amount(loss),
                netMinor: 0n,
              })
            }
          >
            {t('autoplay.start')}
          </Button>
        </div>
      )}
      {!running && !ready ? <p className={styles.muted}>{t('autoplay.hint')}</p> : null}
      {note ? (
        <p className={styles.muted} role="status">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
