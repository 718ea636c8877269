/**
 * The player's tickets (signed in, loaded in the browser): status and win of each, one ticket's
 * page, and the printable ticket (print CSS; a Print button calls window.print()).
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, EmptyState } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { errorText, lottoApi } from '../api.ts';
import { Balls, SignInPrompt, SkeletonCards, when } from '../common/common.tsx';
import styles from '../LottoApp.module.css';
import type { TicketPage, TicketView } from '../model.ts';
import { hitsOf } from '../rules.ts';

function StatusBadge({ ticket }: { ticket: TicketView }) {
  const t = useT('lotto');
  const format = useFormat();
  const cls =
    ticket.status === 'won' ? styles.badgeWon : ticket.status === 'lost' ? styles.badgeLost : styles.badge;
  return (
    <span className={cls} data-testid="lotto-ticket-status">
      {ticket.status === 'won'
        ? t(ticket.paid ? 'tickets.won_paid' : 'tickets.won', {
            amount: format.money(ticket.prizeMinor, ticket.currency),
          })
        : t(`tickets.status_${ticket.status}`)}
    </span>
  );
}

function TicketNumbers({ ticket }: { ticket: TicketView }) {
  const t = useT('lotto');
  const hits = hitsOf(ticket.numbers, ticket.drawnNumbers);
  const bonusHit = ticket.drawnBonus !== null && ticket.bonusNumbers.includes(ticket.drawnBonus);
  return (
    <Balls
      numbers={ticket.numbers}
      bonus={ticket.bonusNumbers}
      hits={hits}
      bonusHit={bonusHit}
      label={t('tickets.numbers')}
      size="sm"
    />
  );
}

export function MyTickets({
  lng,
  signedIn,
  timeZone,
  page,
}: {
  lng: string;
  signedIn: boolean;
  timeZone: number;
  page: number;
}) {
  const t = useT('lotto');
  const tErrors = useT('errors');
  const [data, setData] = useState<TicketPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    void lottoApi.tickets(page).then((answer) => {
      if (stopped) return;
      if (answer.ok) setData(answer.data);
      else setError(errorText(tErrors, t, answer));
    });
    return () => {
      stopped = true;
    };
  }, [signedIn, page, t, tErrors]);
  if (!signedIn)
    return (
      <SignInPrompt lng={lng} returnPath={`/${lng}/lotto/my-tickets`} text={t('tickets.sign_in_text')} />
    );
  if (error)
    return (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    );
  if (!data) return <SkeletonCards label={t('common.loading')} />;
  if (data.items.length === 0)
    return (
      <EmptyState
        title={t('tickets.empty')}
        text={t('tickets.empty_text')}
        action={{ label: t('tickets.to_lobby'), href: `/${lng}/lotto` }}
      />
    );
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div className={styles.stack}>
      <ul className={styles.list} data-testid="lotto-tickets">
        {data.items.map((ticket) => (
          <li
            key={ticket.ticketId}
            className={styles.listItem}
            data-testid={`lotto-ticket-${ticket.ticketId}`}
          >
            <div className={styles.listMain}>
              <a href={`/${lng}/lotto/view/${ticket.ticketId}`} className={styles.link}>
                {t('tickets.ticket_no', { id: ticket.ticketId })}
              </a>
              <span className={styles.muted}>
                {t(`games.${ticket.gameId}`)} · {when(lng, ticket.drawAt, timeZone)}
                {ticket.system ? ` · ${t('builder.kind_system')}` : ''}
                {ticket.quickPick ? ` · ${t('builder.mode_quick')}` : ''}
              </span>
            </div>
            <TicketNumbers ticket={ticket} />
            <StatusBadge ticket={ticket} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t('common.pages')} className={styles.row}>
          {data.page > 1 ? (
            <a className={styles.link} href={`/${lng}/lotto/my-tickets?page=${data.page - 1}`}>
              {t('common.newer')}
            </a>
          ) : null}
          <span className={styles.muted}>{t('common.page_of', { page: data.page, pages })}</span>
          {data.page < pages ? (
            <a className={styles.link} href={`/${lng}/lotto/my-tickets?page=${data.page + 1}`}>
              {t('common.older')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function TicketPageView({
  lng,
  signedIn,
  timeZone,
  ticketId,
}: {
  lng: string;
  signedIn: boolean;
  timeZone: number;
  ticketId: string;
}) {
  const t = useT('lotto');
  const tErrors = useT('errors');
  const format = useFormat();
  const [ticket, setTicket] = useState<TicketView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    void lottoApi.ticket(ticketId).then((answer) => {
      if (stopped) return;
      if (answer.ok) setTicket(answer.data);
      else setError(errorText(tErrors, t, answer));
    });
    return () => {
      stopped = true;
    };
  }, [signedIn, ticketId, t, tErrors]);
  if (!signedIn)
    return (
      <SignInPrompt
        lng={lng}
        returnPath={`/${lng}/lotto/view/${ticketId}`}
        text={t('tickets.sign_in_text')}
      />
    );
  if (error)
    return (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    );
  if (!ticket) return <SkeletonCards label={t('common.loading')} />;
  return (
    <div className={styles.stack}>
      <section className={`${styles.panel} ${styles.printable}`} data-testid="lotto-ticket">
        <div className={styles.cardHead}>
          <h2 className={styles.sectionTitle}>{t('tickets.ticket_no', { id: ticket.ticketId })}</h2>
          <StatusBadge ticket={ticket} />
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('tickets.game')}</dt>
            <dd>{t(`games.${ticket.gameId}`)}</dd>
          </div>
          <div>
            <dt>{t('tickets.draw')}</dt>
            <dd>
              <a href={`/${lng}/lotto/results/${ticket.drawId}`} className={styles.link}>
                {ticket.drawId}
              </a>{' '}
              · {when(lng, ticket.drawAt, timeZone)}
            </dd>
          </div>
          <div>
            <dt>{t('builder.kind')}</dt>
            <dd>
              {t(ticket.system ? 'builder.kind_system' : 'builder.kind_plain')}
              {ticket.quickPick ? ` · ${t('builder.mode_quick')}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('builder.combinations_label')}</dt>
            <dd>{format.number(BigInt(ticket.combinations))}</dd>
          </div>
          <div>
            <dt>{t('builder.price')}</dt>
            <dd>{format.money(ticket.priceMinor, ticket.currency)}</dd>
          </div>
          <div>
            <dt>{t('tickets.bought_at')}</dt>
            <dd>{when(lng, ticket.createdAt, timeZone)}</dd>
          </div>
          {ticket.matches !== null ? (
            <div>
              <dt>{t('tickets.matches')}</dt>
              <dd>{ticket.matches}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('tickets.prize')}</dt>
            <dd data-testid="lotto-ticket-prize">{format.money(ticket.prizeMinor, ticket.currency)}</dd>
          </div>
        </dl>
        <p className={styles.muted}>{t('tickets.numbers')}</p>
        <TicketNumbers ticket={ticket} />
        {ticket.drawnNumbers ? (
          <>
            <p className={styles.muted}>{t('draw.numbers')}</p>
            <Balls
              numbers={ticket.drawnNumbers}
              bonus={ticket.drawnBonus === null ? [] : [ticket.drawnBonus]}
              label={t('draw.numbers')}
              size="sm"
            />
          </>
        ) : null}
      </section>
      <div className={`${styles.row} ${styles.noPrint}`}>
        <Button onClick={() => window.print()} data-testid="lotto-print">
          {t('tickets.print')}
        </Button>
        <a href={`/${lng}/lotto/my-tickets`} className={styles.link}>
          {t('nav.my_tickets')}
        </a>
      </div>
    </div>
  );
}
