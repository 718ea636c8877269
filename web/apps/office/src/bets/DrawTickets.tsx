/**
 * The office's "Lotto and toto" tab of /office/history: the player's newest lotto tickets
 * (/web-api/lotto/v1/tickets) and toto coupons (/web-api/toto/v1/coupons), each with its status and
 * win, linking to the ticket's printable page or the coupon in "My coupons" and to the full lists of
 * the lotto app. The lists load when the tab opens (the tab is mounted anew each time it is chosen).
 */
import { browserApi, getJson } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Card, Figures, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useId, useState } from 'react';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Bets.module.css';
import { money, when } from './bet-text.ts';

const PAGE_SIZE = 20;

interface LottoTicket {
  ticketId: string;
  gameId: string;
  drawId: string;
  drawAt: string;
  numbers: number[];
  bonusNumbers: number[];
  combinations: string;
  priceMinor: string;
  currency: string;
  status: 'open' | 'won' | 'lost';
  matches: number | null;
  prizeMinor: string;
  paid: boolean;
  createdAt: string;
}

interface TotoCoupon {
  couponId: string;
  drawId: string;
  drawNumber: number;
  status: 'pending' | 'lost' | 'won' | 'paid';
  combinations: number;
  stakeMinor: string;
  currency: string;
  createdAt: string;
  payoutMinor: string | null;
}

interface Lists {
  tickets: LottoTicket[];
  ticketsTotal: number;
  coupons: TotoCoupon[];
  couponsTotal: number;
}

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; lists: Lists };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A page of `key` items each holding `id`, with its total; null for any other shape. */
function pageOf<T>(key: string, id: string) {
  return (body: unknown): { items: T[]; total: number } | null => {
    if (!isObject(body) || !Array.isArray(body[key]) || typeof body.total !== 'number') return null;
    const items = body[key] as unknown[];
    return items.every((item) => isObject(item) && id in item)
      ? { items: items as T[], total: body.total }
      : null;
  };
}

const parseTickets = pageOf<LottoTicket>('items', 'ticketId');
const parseCoupons = pageOf<TotoCoupon>('data', 'couponId');

async function loadLists(): Promise<Lists | null> {
  const [tickets, coupons] = await Promise.all([
    getJson(browserApi, `/web-api/lotto/v1/tickets?page=1&pageSize=${PAGE_SIZE}`, parseTickets),
    getJson(browserApi, `/web-api/toto/v1/coupons?page=1&pageSize=${PAGE_SIZE}`, parseCoupons),
  ]);
  if (!tickets.ok || !coupons.ok) return null;
  return {
    tickets: tickets.data.items,
    ticketsTotal: tickets.data.total,
    coupons: coupons.data.items,
    couponsTotal: coupons.data.total,
  };
}

const TONE = { open: styles.toneOpen, won: styles.toneWon, lost: styles.toneLost } as const;

function TicketCard({ ticket, lng }: { ticket: LottoTicket; lng: string }) {
  const t = useT('office');
  const clock = useOfficeClock();
  const id = useId();
  const won = ticket.status === 'won';
  const status = won
    ? t(ticket.paid ? 'draws.lotto_status.paid' : 'draws.lotto_status.won', {
        amount: money(ticket.prizeMinor, ticket.currency, lng),
      })
    : t(`draws.lotto_status.${ticket.status}`);
  const numbers = [
    ticket.numbers.join(' '),
    ...(ticket.bonusNumbers.length ? [ticket.bonusNumbers.join(' ')] : []),
  ];
  return (
    <Card
      as="article"
      className={styles.bet}
      aria-labelledby={`${id}-title`}
      data-testid={`office-lotto-ticket-${ticket.ticketId}`}
    >
      <header className={styles.betHead}>
        <h4 id={`${id}-title`} className={styles.betTitle}>
          <span>{t(`draws.game.${ticket.gameId}`)}</span>
          <span className={styles.muted}>{t('draws.ticket_no', { id: ticket.ticketId })}</span>
        </h4>
        <span className={`${styles.status} ${TONE[ticket.status]}`} data-testid="office-draw-status">
          {status}
        </span>
      </header>
      <Figures className={styles.figures}>
        <div>
          <dt>{t('draws.bought')}</dt>
          <dd>{when(ticket.createdAt, lng, clock)}</dd>
        </div>
        <div>
          <dt>{t('draws.draw_at')}</dt>
          <dd>{when(ticket.drawAt, lng, clock)}</dd>
        </div>
        <div>
          <dt>{t('draws.numbers')}</dt>
          <dd className={styles.num}>{numbers.join(' + ')}</dd>
        </div>
        <div>
          <dt>{t('draws.price')}</dt>
          <dd className={styles.num}>
            {money(ticket.priceMinor, ticket.currency, lng)}
            <span className={styles.muted}>
              {t('draws.combinations', { count: Number(ticket.combinations) })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('draws.win')}</dt>
          <dd className={`${styles.num} ${won ? styles.positive : ''}`} data-testid="office-draw-win">
            {won ? money(ticket.prizeMinor, ticket.currency, lng) : '—'}
          </dd>
        </div>
      </Figures>
      <div className={styles.actions}>
        <a className={styles.link} href={`/${lng}/lotto/view/${ticket.ticketId}`}>
          {t('draws.open_ticket', { id: ticket.ticketId })}
        </a>
        <a className={styles.link} href={`/${lng}/lotto/results/${ticket.drawId}`}>
          {t('draws.open_draw')}
        </a>
      </div>
    </Card>
  );
}

const TOTO_TONE = {
  pending: styles.toneOpen,
  won: styles.toneWon,
  paid: styles.toneWon,
  lost: styles.toneLost,
} as const;

function CouponCard({ coupon, lng }: { coupon: TotoCoupon; lng: string }) {
  const t = useT('office');
  const clock = useOfficeClock();
  const id = useId();
  const win = coupon.payoutMinor !== null && coupon.payoutMinor !== '0' ? coupon.payoutMinor : null;
  return (
    <Card
      as="article"
      className={styles.bet}
      aria-labelledby={`${id}-title`}
      data-testid={`office-toto-coupon-${coupon.couponId}`}
    >
      <header className={styles.betHead}>
        <h4 id={`${id}-title`} className={styles.betTitle}>
          <span>{t('draws.toto_draw', { number: coupon.drawNumber })}</span>
          <span className={styles.muted}>{t('draws.coupon_no', { id: coupon.couponId })}</span>
        </h4>
        <span className={`${styles.status} ${TOTO_TONE[coupon.status]}`} data-testid="office-draw-status">
          {t(`draws.toto_status.${coupon.status}`, { amount: money(win, coupon.currency, lng) })}
        </span>
      </header>
      <Figures className={styles.figures}>
        <div>
          <dt>{t('draws.bought')}</dt>
          <dd>{when(coupon.createdAt, lng, clock)}</dd>
        </div>
        <div>
          <dt>{t('draws.price')}</dt>
          <dd className={styles.num}>
            {money(coupon.stakeMinor, coupon.currency, lng)}
            <span className={styles.muted}>{t('draws.combinations', { count: coupon.combinations })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('draws.win')}</dt>
          <dd className={`${styles.num} ${win ? styles.positive : ''}`} data-testid="office-draw-win">
            {money(win, coupon.currency, lng)}
          </dd>
        </div>
      </Figures>
      <div className={styles.actions}>
        <a className={styles.link} href={`/${lng}/toto/coupons#toto-coupon-${coupon.couponId}`}>
          {t('draws.open_coupon', { id: coupon.couponId })}
        </a>
        <a className={styles.link} href={`/${lng}/toto/${coupon.drawId}`}>
          {t('draws.open_draw')}
        </a>
      </div>
    </Card>
  );
}

function Group({
  title,
  total,
  shown,
  all,
  empty,
  children,
}: {
  title: string;
  total: number;
  shown: number;
  all: { href: string; label: string };
  empty: string;
  children: React.ReactNode;
}) {
  const t = useT('office');
  const id = useId();
  return (
    <section className={styles.drawGroup} aria-labelledby={id}>
      <div className={styles.groupHead}>
        <h3 id={id} className={styles.groupTitle}>
          {title}
        </h3>
        <a className={styles.link} href={all.href}>
          {all.label}
        </a>
      </div>
      {shown === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <>
          {total > shown ? (
            <p className={styles.muted}>{t('draws.newest', { shown, count: total })}</p>
          ) : null}
          <ul className={styles.list} aria-label={title}>
            {children}
          </ul>
        </>
      )}
    </section>
  );
}

export function DrawTickets({ lng }: { lng: string }) {
  const t = useT('office');
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const reload = useCallback(async () => {
    const lists = await loadLists();
    setLoad(lists ? { kind: 'ready', lists } : { kind: 'failed' });
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <section className={styles.history} aria-labelledby={headingId} data-testid="office-draws">
      <h2 id={headingId} className={styles.visuallyHidden}>
        {t('draws.title')}
      </h2>
      {load.kind === 'loading' ? (
        <div className={styles.list} role="status" aria-busy="true" aria-label={t('draws.loading')}>
          {[0, 1].map((i) => (
            <Card key={i} className={styles.bet}>
              <Skeleton width="40%" height="1.25rem" />
              <Skeleton height="2.5rem" />
            </Card>
          ))}
        </div>
      ) : load.kind === 'failed' ? (
        <div role="alert" className={styles.empty}>
          <p>{t('bets.error')}</p>
          <Button size="sm" onClick={() => void reload()}>
            {t('bets.retry')}
          </Button>
        </div>
      ) : (
        <>
          <Group
            title={t('draws.lotto')}
            total={load.lists.ticketsTotal}
            shown={load.lists.tickets.length}
            all={{ href: `/${lng}/lotto/my-tickets`, label: t('draws.all_tickets') }}
            empty={t('draws.lotto_empty')}
          >
            {load.lists.tickets.map((ticket) => (
              <li key={ticket.ticketId}>
                <TicketCard ticket={ticket} lng={lng} />
              </li>
            ))}
          </Group>
          <Group
            title={t('draws.toto')}
            total={load.lists.couponsTotal}
            shown={load.lists.coupons.length}
            all={{ href: `/${lng}/toto/coupons`, label: t('draws.all_coupons') }}
            empty={t('draws.toto_empty')}
          >
            {load.lists.coupons.map((coupon) => (
              <li key={coupon.couponId}>
                <CouponCard coupon={coupon} lng={lng} />
              </li>
            ))}
          </Group>
        </>
      )}
    </section>
  );
}
