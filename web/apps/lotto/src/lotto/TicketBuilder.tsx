/**
 * A game's ticket builder: own numbers on a keyboard-operable grid (or a quick pick of a chosen
 * count, drawn by the server), more numbers than the game needs make a system ticket priced by its
 * combinations (domain/lotto, the server's own rule), a number of draws, the price, and the
 * purchase (one Idempotency-Key per purchase; a guest is asked to sign in).
 */

import { lottoGame } from '@parlay/domain/lotto/index.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { Button, EmptyState } from '@parlay/ui/index.ts';
import { useId, useRef, useState } from 'react';
import { errorText, lottoApi, newKey, type TicketOrder } from '../api.ts';
import { BalanceLine, Balls, Countdown, SignInPrompt, useBalance, when } from '../common/common.tsx';
import styles from '../LottoApp.module.css';
import type { GameView, PurchaseView } from '../model.ts';
import { pickBounds, ticketPrice, toggleNumber } from '../rules.ts';
import { jackpotShown, RulesSummary } from './Lobby.tsx';
import { PrizeTable } from './PrizeTable.tsx';

type Mode = 'own' | 'quick';

function NumberGrid({
  pool,
  selected,
  max,
  label,
  onToggle,
  testId,
}: {
  pool: number;
  selected: number[];
  max: number;
  label: string;
  onToggle: (n: number) => void;
  testId: string;
}) {
  const t = useT('lotto');
  const full = selected.length >= max;
  return (
    <fieldset className={styles.fieldset} data-testid={testId}>
      <legend className={styles.hiddenLegend}>{label}</legend>
      <div className={styles.grid}>
        {Array.from({ length: pool }, (_, i) => i + 1).map((n) => {
          const on = selected.includes(n);
          return (
            <button
              key={n}
              type="button"
              className={`${styles.cell} ${on ? styles.cellOn : ''}`}
              aria-pressed={on}
              aria-label={t('builder.number', { n })}
              disabled={!on && full}
              onClick={() => onToggle(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

export function TicketBuilder({
  game,
  lng,
  signedIn,
  serverNowMs,
  timeZone,
}: {
  game: GameView;
  lng: string;
  signedIn: boolean;
  serverNowMs: number;
  timeZone: number;
}) {
  const t = useT('lotto');
  const tErrors = useT('errors');
  const format = useFormat();
  const rules = lottoGame(game.gameId);
  const bounds = rules ? pickBounds(rules) : { min: 1, max: 1, bonusMin: 0, bonusMax: 0 };
  const [mode, setMode] = useState<Mode>('own');
  const [main, setMain] = useState<number[]>([]);
  const [bonus, setBonus] = useState<number[]>([]);
  const [quickCount, setQuickCount] = useState(bounds.min);
  const [quickBonus, setQuickBonus] = useState(bounds.bonusMin);
  const [draws, setDraws] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bought, setBought] = useState<PurchaseView | null>(null);
  const balance = useBalance(signedIn);
  const purchaseKey = useRef<{ order: string; key: string } | null>(null);
  const ids = { count: useId(), bonusCount: useId(), draws: useId() };
  if (!rules) return <EmptyState title={t('errors.no_game')} text={t('errors.no_game_text')} />;

  const mainCount = mode === 'own' ? main.length : quickCount;
  const bonusCount = mode === 'own' ? bonus.length : quickBonus;
  const complete = mainCount >= bounds.min && (!game.bonus || bonusCount >= bounds.bonusMin);
  const price = complete ? ticketPrice(rules, mainCount, bonusCount, draws) : null;
  const system = rules.kind === 'draw' && (mainCount > bounds.min || bonusCount > bounds.bonusMin);
  const next = game.nextDraw;

  const order = (): TicketOrder | null => {
    if (!price) return null;
    return mode === 'own'
      ? {
          gameId: game.gameId,
          numbers: main,
          bonusNumbers: bonus,
          draws,
          priceMinor: price.priceMinor.toString(),
        }
      : {
          gameId: game.gameId,
          quickPick: true,
          picks: quickCount,
          ...(game.bonus ? { bonusPicks: quickBonus } : {}),
          draws,
          priceMinor: price.priceMinor.toString(),
        };
  };

  const buy = async () => {
    const o = order();
    if (!o || busy) return;
    // The same order retried after a failure keeps its key (the server answers a replay once).
    const text = JSON.stringify(o);
    if (purchaseKey.current?.order !== text) purchaseKey.current = { order: text, key: newKey() };
    setBusy(true);
    setError(null);
    const answer = await lottoApi.buy(o, purchaseKey.current.key);
    setBusy(false);
    if (answer.ok) {
      setBought(answer.data);
      purchaseKey.current = null;
      if (mode === 'own') {
        setMain([]);
        setBonus([]);
      }
      void loadAccounts();
    } else setError(errorText(tErrors, t, answer));
  };

  const counts = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const returnPath = `/${lng}/lotto/${game.gameId}`;

  return (
    <div className={styles.builderLayout} data-testid="lotto-builder">
      <section className={styles.panel} aria-labelledby="lotto-pick-heading">
        <h2 id="lotto-pick-heading" className={styles.sectionTitle}>
          {t('builder.pick_title')}
        </h2>
        <RulesSummary game={game} />
        <fieldset className={`${styles.fieldset} ${styles.segmented}`}>
          <legend className={styles.hiddenLegend}>{t('builder.mode')}</legend>
          {(['own', 'quick'] as const).map((m) => (
            <label key={m} className={`${styles.segment} ${mode === m ? styles.segmentOn : ''}`}>
              <input
                type="radio"
                name="lotto-mode"
                className={styles.segmentInput}
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {t(`builder.mode_${m}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'own' ? (
          <>
            <p className={styles.muted} aria-live="polite" data-testid="lotto-picked">
              {t(rules.kind === 'keno' ? 'builder.picked_keno' : 'builder.picked', {
                count: main.length,
                min: bounds.min,
                max: bounds.max,
              })}
            </p>
            <NumberGrid
              pool={game.main.pool}
              selected={main}
              max={bounds.max}
              label={t('builder.grid', { pool: game.main.pool })}
              onToggle={(n) => setMain((s) => toggleNumber(s, n, bounds.max))}
              testId="lotto-grid"
            />
            {game.bonus ? (
              <>
                <p className={styles.muted}>
                  {t('builder.bonus_picked', {
                    count: bonus.length,
                    min: bounds.bonusMin,
                    max: bounds.bonusMax,
                  })}
                </p>
                <NumberGrid
                  pool={game.bonus.pool}
                  selected={bonus}
                  max={bounds.bonusMax}
                  label={t('builder.bonus_grid', { pool: game.bonus.pool })}
                  onToggle={(n) => setBonus((s) => toggleNumber(s, n, bounds.bonusMax))}
                  testId="lotto-bonus-grid"
                />
              </>
            ) : null}
            <div className={styles.row}>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setMain([]);
                  setBonus([]);
                }}
              >
                {t('builder.clear')}
              </Button>
            </div>
          </>
        ) : (
          <div className={styles.fields}>
            <label className={styles.field} htmlFor={ids.count}>
              <span>{t('builder.quick_count')}</span>
              <select
                id={ids.count}
                className={styles.select}
                value={quickCount}
                onChange={(e) => setQuickCount(Number(e.target.value))}
              >
                {counts(bounds.min, bounds.max).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            {game.bonus ? (
              <label className={styles.field} htmlFor={ids.bonusCount}>
                <span>{t('builder.quick_bonus_count')}</span>
                <select
                  id={ids.bonusCount}
                  className={styles.select}
                  value={quickBonus}
                  onChange={(e) => setQuickBonus(Number(e.target.value))}
                >
                  {counts(bounds.bonusMin, bounds.bonusMax).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <p className={styles.muted}>{t('builder.quick_text')}</p>
          </div>
        )}
      </section>

      <aside className={styles.panel} aria-labelledby="lotto-ticket-heading">
        <h2 id="lotto-ticket-heading" className={styles.sectionTitle}>
          {t('builder.ticket_title')}
        </h2>
        {next ? (
          <Countdown
            atIso={next.closesAt}
            initialSeconds={next.secondsToClose}
            serverNowMs={serverNowMs}
            label={t('lobby.sales_close')}
          />
        ) : (
          <p className={styles.muted}>{t('lobby.no_draw')}</p>
        )}
        {next ? (
          <p className={styles.muted}>{t('builder.draw_at', { at: when(lng, next.drawAt, timeZone) })}</p>
        ) : null}
        {mode === 'own' && main.length > 0 ? (
          <Balls numbers={main} bonus={bonus} label={t('builder.your_numbers')} size="sm" />
        ) : null}
        <label className={styles.field} htmlFor={ids.draws}>
          <span>{t('builder.draws')}</span>
          <select
            id={ids.draws}
            className={styles.select}
            value={draws}
            onChange={(e) => setDraws(Number(e.target.value))}
          >
            {counts(1, game.maxDraws).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <dl className={styles.facts}>
          {next && game.kind === 'draw' ? (
            <div>
              <dt>{t('lobby.jackpot')}</dt>
              <dd className={styles.jackpot}>
                {format.money(jackpotShown(next.jackpotMinor, game.minimumJackpotMinor), game.currency)}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('builder.kind')}</dt>
            <dd data-testid="lotto-kind">{t(system ? 'builder.kind_system' : 'builder.kind_plain')}</dd>
          </div>
          <div>
            <dt>{t('builder.combinations_label')}</dt>
            <dd data-testid="lotto-combinations">{price ? format.number(price.combinations) : '—'}</dd>
          </div>
          <div>
            <dt>{t('builder.price')}</dt>
            <dd className={styles.price} data-testid="lotto-price">
              {price ? format.money(price.priceMinor, game.currency) : '—'}
            </dd>
          </div>
        </dl>
        {signedIn ? (
          <>
            <BalanceLine balance={balance} />
            <Button
              variant="primary"
              disabled={!price || busy || !next}
              onClick={() => void buy()}
              data-testid="lotto-buy"
            >
              {busy ? t('builder.buying') : t('builder.buy')}
            </Button>
          </>
        ) : (
          <SignInPrompt lng={lng} returnPath={returnPath} text={t('builder.sign_in_text')} />
        )}
        {error ? (
          <p role="alert" className={styles.error} data-testid="lotto-error">
            {error}
          </p>
        ) : null}
        {bought ? (
          <div role="status" className={styles.success} data-testid="lotto-bought">
            <p>
              {t('builder.bought', { count: bought.tickets.length })}{' '}
              {format.money(bought.totalMinor, bought.currency)}
            </p>
            <ul className={styles.plainList}>
              {bought.tickets.map((ticket) => (
                <li key={ticket.ticketId}>
                  <a href={`/${lng}/lotto/view/${ticket.ticketId}`} className={styles.link}>
                    {t('tickets.ticket_no', { id: ticket.ticketId })}
                  </a>{' '}
                  <Balls
                    numbers={ticket.numbers}
                    bonus={ticket.bonusNumbers}
                    label={t('tickets.numbers')}
                    size="sm"
                  />
                </li>
              ))}
            </ul>
            <a href={`/${lng}/lotto/my-tickets`} className={styles.link}>
              {t('nav.my_tickets')}
            </a>
          </div>
        ) : null}
      </aside>

      <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="lotto-prizes-heading">
        <h2 id="lotto-prizes-heading" className={styles.sectionTitle}>
          {t('prizes.title')}
        </h2>
        <PrizeTable game={game} />
      </section>
    </div>
  );
}
