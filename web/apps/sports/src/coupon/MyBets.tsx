/**
 * The bet slip's "My bets" tab: the player's open bets, compact (selections, stake, possible win),
 * each with its live cash-out offer, fair value and margin and a confirmed Cash out (SlipCashout.tsx), and a link
 * to the full history in the office. Bet messages of /ws `user` reload the list; guests are asked
 * to log in.
 */
import { type Bet, isOpenBet, listBets, watchBets } from '@parlay/client/bets-api.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { openModal } from '@parlay/mf/host-api.ts';
import { Button, Figures, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { useOddsFormat } from '../context.tsx';
import styles from './MyBets.module.css';
import { SlipCashout } from './SlipCashout.tsx';

const MAX_SHOWN = 20;

type Load = { kind: 'loading' } | { kind: 'guest' } | { kind: 'failed' } | { kind: 'ready'; bets: Bet[] };

function OpenBet({ bet, onCashed }: { bet: Bet; onCashed: (text: string) => void }) {
  const fmt = useFormat();
  const t = useT('sports');
  const format = useOddsFormat();
  return (
    <article className={styles.bet} aria-label={t('bets.bet_label', { id: bet.id })} data-bet-id={bet.id}>
      <p className={styles.game}>{t('bets.bet_label', { id: bet.id })}</p>
      <ul className={styles.legs}>
        {bet.legs.map((leg) => (
          <li key={leg.outcomeId} className={styles.leg}>
            <span className={styles.game}>{leg.names?.gameLabel ?? t('bets.unknown_game')}</span>
            <span className={styles.pick}>
              <span>{leg.names ? `${leg.names.marketLabel}: ${leg.names.outcomeLabel}` : '—'}</span>
              <span className={styles.odds}>{format(leg.oddsMilli)}</span>
            </span>
          </li>
        ))}
      </ul>
      <Figures className={styles.figures}>
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd>{fmt.money(bet.stakeMinor, bet.currency)}</dd>
        </div>
        <div>
          <dt>{t('bets.possible_win')}</dt>
          <dd>{fmt.money(bet.possibleWinMinor, bet.currency)}</dd>
        </div>
      </Figures>
      <SlipCashout bet={bet} onCashed={onCashed} />
    </article>
  );
}

export function MyBets({ lng }: { lng: string }) {
  const t = useT('sports');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [notice, setNotice] = useState('');
  const reload = useCallback(async () => {
    const answer = await listBets({ periodDays: 3650, status: 'open', pageSize: MAX_SHOWN, lng });
    if (answer.ok) setLoad({ kind: 'ready', bets: answer.data.data.filter(isOpenBet) });
    else setLoad(answer.status === 401 ? { kind: 'guest' } : { kind: 'failed' });
  }, [lng]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => watchBets(() => void reload()), [reload]);
  const history = `/${lng}/office/history`;

  if (load.kind === 'guest') {
    return (
      <div className={styles.empty}>
        <p>{t('bets.guest')}</p>
        <Button variant="primary" onClick={() => openModal('login')}>
          {t('bets.login')}
        </Button>
      </div>
    );
  }
  return (
    <section className={styles.root} aria-label={t('bets.title')}>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {load.kind === 'loading' ? (
        <div role="status" aria-busy="true" aria-label={t('bets.loading')} className={styles.list}>
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
      ) : load.kind === 'failed' ? (
        <div role="alert" className={styles.empty}>
          <p>{t('bets.error')}</p>
          <Button size="sm" onClick={() => void reload()}>
            {t('bets.retry')}
          </Button>
        </div>
      ) : load.bets.length === 0 ? (
        <p className={styles.muted}>{t('bets.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('bets.open_list')}>
          {load.bets.map((bet) => (
            <li key={bet.id}>
              <OpenBet
                bet={bet}
                onCashed={(text) => {
                  setNotice(text);
                  void reload();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <a className={styles.link} href={history}>
        {t('bets.history')}
      </a>
    </section>
  );
}
