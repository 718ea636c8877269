/**
 * The lotto micro-app's pages: the lotto lobby, a game's ticket builder, the results archive and a
 * draw with its verifier, the player's tickets and one (printable) ticket; the toto's current draw
 * with the coupon builder, its coupons, past draws, nominees and next draw. Identical on the server
 * and in the browser for the same props.
 */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { type Crumb, EmptyState, PageFrame } from '@parlay/ui/index.ts';
import { useMemo } from 'react';
import { SubNav, type SubNavItem, useHydrated } from './common/common.tsx';
import styles from './LottoApp.module.css';
import { DrawView } from './lotto/DrawView.tsx';
import { Lobby } from './lotto/Lobby.tsx';
import { MyTickets, TicketPageView } from './lotto/MyTickets.tsx';
import { ResultsArchive } from './lotto/ResultsArchive.tsx';
import { TicketBuilder } from './lotto/TicketBuilder.tsx';
import type { LottoPageProps } from './page-data.ts';
import { MY_TICKETS, RESULTS } from './rules.ts';
import {
  TotoArchivePage,
  TotoCoupons,
  TotoDrawPage,
  TotoNextPage,
  TotoNominees,
  TotoPastDraw,
} from './toto/Toto.tsx';

type T = (key: string, values?: Record<string, string | number>) => string;

/** The page's heading: the game's or the draw's name where the page is one; else the route's. */
export function headingOf(props: Pick<LottoPageProps, 'view' | 'data' | 'frame'>, t: T): string {
  const { view, data, frame } = props;
  switch (view.kind) {
    case 'lobby':
      return t('nav.games');
    case 'builder':
      return t(`games.${view.gameId}`);
    case 'results':
      return t('nav.results');
    case 'my-tickets':
      return t('nav.my_tickets');
    case 'ticket':
      return t('tickets.ticket_no', { id: view.ticketId });
    case 'draw':
      return data.draw
        ? t('draw.title', { game: t(`games.${data.draw.gameId}`), id: data.draw.drawId })
        : frame.heading;
    case 'toto-draw':
      return t('toto.nav.draw');
    case 'toto-coupons':
      return t('toto.nav.coupons');
    case 'toto-archive':
      return t('toto.nav.draws');
    case 'toto-nominees':
      return t('toto.nav.nominees');
    case 'toto-next':
      return t('toto.nav.next');
    case 'toto-past':
      return data.totoDraw ? t('toto.draw_title', { number: data.totoDraw.number }) : frame.heading;
    default:
      return frame.heading;
  }
}

const isToto = (kind: string) => kind.startsWith('toto');

/**
 * The crumb trail: home, the area (lotto or toto; a link unless it is this page) and the page by its
 * heading. The route table's trail names routes, not the game, draw or toto page a path holds.
 */
export function crumbsOf(props: Pick<LottoPageProps, 'view' | 'frame' | 'lng'>, heading: string): Crumb[] {
  const { view, frame, lng } = props;
  const [home, area] = frame.breadcrumbs;
  if (!home || !area) return frame.breadcrumbs;
  const root = view.kind === 'lobby' || (view.kind === 'toto-draw' && frame.routeId === 'toto');
  if (root) return [home, { label: area.label, href: null }];
  const areaHref = `/${lng}/${isToto(view.kind) ? 'toto' : 'lotto'}`;
  return [home, { label: area.label, href: areaHref }, { label: heading, href: null }];
}

function navOf(props: LottoPageProps, t: T): { items: SubNavItem[]; current: string; label: string } {
  const { lng, view } = props;
  if (isToto(view.kind)) {
    return {
      label: t('toto.nav.label'),
      current: view.kind === 'toto-past' ? 'toto-archive' : view.kind,
      items: [
        { id: 'toto-draw', href: `/${lng}/toto`, label: t('toto.nav.draw') },
        { id: 'toto-coupons', href: `/${lng}/toto/coupons`, label: t('toto.nav.coupons') },
        { id: 'toto-archive', href: `/${lng}/toto/draws`, label: t('toto.nav.draws') },
        { id: 'toto-nominees', href: `/${lng}/toto/nonimees`, label: t('toto.nav.nominees') },
        { id: 'toto-next', href: `/${lng}/toto/next`, label: t('toto.nav.next') },
      ],
    };
  }
  const current =
    view.kind === 'results' || view.kind === 'draw'
      ? 'results'
      : view.kind === 'my-tickets' || view.kind === 'ticket'
        ? 'my-tickets'
        : 'lobby';
  return {
    label: t('nav.label'),
    current,
    items: [
      { id: 'lobby', href: `/${lng}/lotto`, label: t('nav.games') },
      { id: 'results', href: `/${lng}/lotto/${RESULTS}`, label: t('nav.results') },
      { id: 'my-tickets', href: `/${lng}/lotto/${MY_TICKETS}`, label: t('nav.my_tickets') },
    ],
  };
}

function Content(props: LottoPageProps) {
  const t = useT('lotto');
  const { lng, view, data, signedIn, timeZone } = props;
  const notFound = (
    <EmptyState
      title={t('errors.not_found')}
      text={t('errors.not_found_text')}
      action={{ label: t('nav.games'), href: `/${lng}/lotto` }}
    />
  );
  const loadFailed = <EmptyState title={t('errors.load_title')} text={t('errors.load_text')} />;
  switch (view.kind) {
    case 'lobby':
      return <Lobby games={data.games} lng={lng} serverNowMs={data.serverNowMs} />;
    case 'builder': {
      const game = data.games?.find((g) => g.gameId === view.gameId);
      if (!game) return data.games !== null ? notFound : loadFailed;
      return (
        <TicketBuilder
          game={game}
          lng={lng}
          signedIn={signedIn}
          serverNowMs={data.serverNowMs}
          timeZone={timeZone}
        />
      );
    }
    case 'results':
      return data.games ? (
        <ResultsArchive
          games={data.games}
          gameId={view.gameId}
          draws={data.draws}
          lng={lng}
          timeZone={timeZone}
        />
      ) : (
        loadFailed
      );
    case 'draw': {
      if (!data.draw) return data.error === 404 || data.error === 400 ? notFound : loadFailed;
      const game = data.games?.find((g) => g.gameId === data.draw?.gameId) ?? null;
      return <DrawView draw={data.draw} game={game} lng={lng} timeZone={timeZone} />;
    }
    case 'my-tickets':
      return <MyTickets lng={lng} signedIn={signedIn} timeZone={timeZone} page={view.page} />;
    case 'ticket':
      return <TicketPageView lng={lng} signedIn={signedIn} timeZone={timeZone} ticketId={view.ticketId} />;
    case 'toto-draw':
      return (
        <TotoDrawPage
          draw={data.totoDraw}
          lng={lng}
          signedIn={signedIn}
          timeZone={timeZone}
          serverNowMs={data.serverNowMs}
        />
      );
    case 'toto-coupons':
      return <TotoCoupons lng={lng} signedIn={signedIn} timeZone={timeZone} />;
    case 'toto-archive':
      return <TotoArchivePage archive={data.totoArchive} lng={lng} timeZone={timeZone} />;
    case 'toto-nominees':
      return <TotoNominees draw={data.totoDraw} lng={lng} timeZone={timeZone} />;
    case 'toto-next':
      return <TotoNextPage next={data.totoNext} current={data.totoDraw} lng={lng} timeZone={timeZone} />;
    case 'toto-past':
      if (!data.totoDraw) return data.error === 404 || data.error === 400 ? notFound : loadFailed;
      return <TotoPastDraw draw={data.totoDraw} lng={lng} timeZone={timeZone} />;
    default:
      return notFound;
  }
}

function LottoPage(props: LottoPageProps) {
  const t = useT('lotto');
  const hydrated = useHydrated();
  const { frame } = props;
  const heading = headingOf(props, t);
  const nav = navOf(props, t);
  return (
    <div className={styles.page} data-hydrated={hydrated ? 'true' : 'false'}>
      <PageFrame
        heading={heading}
        breadcrumbs={crumbsOf(props, heading)}
        breadcrumbsLabel={frame.breadcrumbsLabel}
        data-route={frame.routeId}
      >
        <SubNav items={nav.items} current={nav.current} label={nav.label} />
        <Content {...props} />
      </PageFrame>
    </div>
  );
}

/** The lotto app root, identical on the server and in the browser for the same props. */
export function LottoApp(props: LottoPageProps) {
  const { lng, dictionaries } = props;
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <LottoPage {...props} />
    </I18nProvider>
  );
}
