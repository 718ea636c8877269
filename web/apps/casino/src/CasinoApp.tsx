/**
 * The casino micro-app's pages: every casino route shows a lobby of games (with its own block for
 * providers, search, the player's games and rounds, promotions, thank-you pages), and the game page
 * frames an in-house game's screen. Identical on the server and in the browser for the same props.
 */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { EmptyState, PageFrame } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import { BingoPage } from './bingo/BingoPage.tsx';
import { casinoBreadcrumbs } from './breadcrumbs.ts';
import styles from './CasinoApp.module.css';
import { GamePage } from './game-page/GamePage.tsx';
import { isProviderGame, ProviderGame } from './game-page/ProviderGame.tsx';
import { Lobby } from './lobby/Lobby.tsx';
import { PlayerGamesProvider } from './lobby/player-games.tsx';
import type { CasinoPageProps } from './page-model.ts';
import { TournamentPage, TournamentsList } from './tournaments/TournamentsPage.tsx';
import { TvPage } from './tv/TvPage.tsx';
import { VerifierPage } from './verifier/VerifierPage.tsx';

/** The page's heading: the game's name, the provider's, the section's; otherwise the route's name. */
export function headingOf(
  page: CasinoPageProps['page'],
  routeId: string,
  routeHeading: string,
  t: (key: string) => string,
): string {
  if (page.kind === 'game') return page.game?.name ?? routeHeading;
  const { route } = page;
  if (route.view === 'provider')
    return page.providers.find((p) => p.id === route.provider)?.name ?? routeHeading;
  if (routeId !== 'casino-section') return routeHeading;
  const key = `sections.${route.section}`;
  const text = t(key);
  return text === key ? routeHeading : text;
}

function CasinoPage({
  lng,
  frame,
  page,
  signedIn,
  timeZone,
}: Omit<CasinoPageProps, 'dictionaries' | 'menu'>) {
  const t = useT('casino');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const heading = headingOf(page, frame.routeId, frame.heading, t);
  const breadcrumbs = casinoBreadcrumbs(page, frame, heading, lng, (key) => {
    const text = t(key);
    return text === key ? null : text;
  });
  return (
    <div className={styles.page} data-hydrated={hydrated ? 'true' : 'false'}>
      <PageFrame
        heading={heading}
        breadcrumbs={breadcrumbs}
        breadcrumbsLabel={frame.breadcrumbsLabel}
        data-route={frame.routeId}
      >
        {frame.routeId === 'casino-verify' ? (
          <VerifierPage lng={lng} roundId={frame.params.roundId ?? null} />
        ) : (frame.routeId === 'casino-tournaments' || frame.routeId === 'casino-tournament') &&
          page.kind !== 'game' ? (
          // The tournaments first, then the promotions' games of the lobby to play for them.
          <>
            {frame.routeId === 'casino-tournaments' ? (
              <TournamentsList lng={lng} timeZone={timeZone} />
            ) : (
              <TournamentPage id={frame.params.id ?? ''} lng={lng} signedIn={signedIn} timeZone={timeZone} />
            )}
            <Lobby model={page} lng={lng} signedIn={signedIn} timeZone={timeZone} />
          </>
        ) : (frame.routeId === 'bingo' || frame.routeId === 'tvgames') && page.kind !== 'game' ? (
          // The shared rooms and draws first, then the section's games of the lobby.
          <>
            {frame.routeId === 'bingo' ? (
              <BingoPage lng={lng} signedIn={signedIn} />
            ) : (
              <TvPage lng={lng} signedIn={signedIn} />
            )}
            <Lobby model={page} lng={lng} signedIn={signedIn} timeZone={timeZone} />
          </>
        ) : page.kind === 'game' ? (
          page.game ? (
            isProviderGame(page.game) ? (
              <ProviderGame game={page.game} lng={lng} signedIn={signedIn} />
            ) : (
              <GamePage game={page.game} lng={lng} signedIn={signedIn} timeZone={timeZone} />
            )
          ) : (
            <EmptyState
              title={t(page.error === 404 ? 'game.not_found' : 'game.load_error')}
              text={t(page.error === 404 ? 'game.not_found_text' : 'game.load_error_text')}
              action={{ label: t('game.to_lobby'), href: `/${lng}/casino` }}
            />
          )
        ) : (
          <Lobby model={page} lng={lng} signedIn={signedIn} timeZone={timeZone} />
        )}
      </PageFrame>
    </div>
  );
}

/** The casino app root, identical on the server and in the browser for the same props. */
export function CasinoApp(props: CasinoPageProps) {
  const { lng, dictionaries, signedIn } = props;
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <PlayerGamesProvider signedIn={signedIn} lng={lng}>
        <CasinoPage {...props} />
      </PlayerGamesProvider>
    </I18nProvider>
  );
}
