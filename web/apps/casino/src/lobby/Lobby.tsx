/**
 * A casino lobby page: search, category tabs, the provider filter, the player's recent games, the
 * page's own block (providers, promotions notice, thank-you, favourites, my rounds) and the infinite
 * grid of the section's games, its first page rendered on the server.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Tabs } from '@parlay/ui/index.ts';
import { useEffect, useId, useState } from 'react';
import type { LobbyQuery } from '../api.ts';
import { MyRounds } from '../game-page/MyRounds.tsx';
import type { Category, GameTile } from '../model.ts';
import type { LobbyModel } from '../page-model.ts';
import { GameCard, textOr } from './GameCard.tsx';
import { GameList, useLobbyList } from './GameList.tsx';
import styles from './Lobby.module.css';
import { usePlayerGames } from './player-games.tsx';
import { SearchBox } from './SearchBox.tsx';

const ALL = 'all';

function categoryLabel(t: (key: string) => string, category: Category): string {
  return textOr(t, `categories.${category.id}`, textOr(t, category.name, category.name));
}

/** A titled row of tiles (recently played, favourites); nothing when empty. */
export function GameRow({
  title,
  games,
  lng,
  testId,
}: {
  title: string;
  games: readonly GameTile[];
  lng: string;
  testId: string;
}) {
  const headingId = useId();
  const { isFavorite, toggle } = usePlayerGames();
  if (games.length === 0) return null;
  return (
    <section className={styles.row} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={styles.rowTitle}>
        {title}
      </h2>
      <ul className={`${styles.grid} ${styles.rowGrid}`}>
        {games.map((game) => (
          <GameCard key={game.id} game={game} lng={lng} favorite={isFavorite(game.id)} toggle={toggle} />
        ))}
      </ul>
    </section>
  );
}

function ViewBlock({
  model,
  lng,
  signedIn,
  timeZone,
}: {
  model: LobbyModel;
  lng: string;
  signedIn: boolean;
  timeZone: number;
}) {
  const t = useT('casino');
  const { favorites, ready } = usePlayerGames();
  const format = useFormat();
  switch (model.route.view) {
    case 'promo':
      return (
        <aside className={styles.promo} aria-label={t('promo.title')}>
          <h2 className={styles.rowTitle}>{t('promo.title')}</h2>
          <p>{t('promo.text')}</p>
        </aside>
      );
    case 'thank-you':
      return (
        <aside className={styles.promo} role="status">
          <h2 className={styles.rowTitle}>{t('thank_you.title')}</h2>
          <p>{t('thank_you.text')}</p>
        </aside>
      );
    case 'providers':
      return (
        <section className={styles.row} aria-label={t('providers.title')}>
          <ul className={styles.providers}>
            {model.providers.map((p) => (
              <li key={p.id}>
                <a className={styles.providerCard} href={`/${lng}/providers/${encodeURIComponent(p.id)}`}>
                  <span className={styles.providerName}>{p.name}</span>
                  <span className={styles.providerCount}>
                    {t('providers.games', { count: p.count, shown: format.number(p.count) })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'favorites':
      return ready && favorites.length === 0 ? (
        <p className={styles.notice}>{t('favorites.empty')}</p>
      ) : (
        <GameRow title={t('favorites.title')} games={favorites} lng={lng} testId="casino-favorites" />
      );
    case 'my':
      return (
        <>
          {signedIn ? <MyRounds lng={lng} timeZone={timeZone} /> : null}
          <GameRow title={t('favorites.title')} games={favorites} lng={lng} testId="casino-favorites" />
        </>
      );
    default:
      return null;
  }
}

export function Lobby({
  model,
  lng,
  signedIn,
  timeZone,
}: {
  model: LobbyModel;
  lng: string;
  signedIn: boolean;
  timeZone: number;
}) {
  const t = useT('casino');
  const { recent } = usePlayerGames();
  const [category, setCategory] = useState<string | null>(model.route.category);
  const [provider, setProvider] = useState<string | null>(model.route.provider);
  const fixedProvider = model.route.view === 'provider';
  const query: LobbyQuery = {
    section: model.route.section,
    category,
    provider,
    q: model.route.view === 'search' ? model.route.q : null,
  };
  const list = useLobbyList(lng, query, model.first);
  const tabsId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const headingId = `${tabsId}-heading`;

  // The filter lives in the address too, so a shared or reloaded page shows the same games.
  useEffect(() => {
    const url = new URL(window.location.href);
    const set = (name: string, value: string | null) =>
      value ? url.searchParams.set(name, value) : url.searchParams.delete(name);
    set('category', category === model.route.category && !url.searchParams.has('category') ? null : category);
    if (!fixedProvider) set('provider', provider);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
  }, [category, provider, fixedProvider, model.route.category]);

  const tabs = [
    { id: ALL, label: t('categories.all') },
    ...model.categories.map((c) => ({ id: c.id, label: categoryLabel(t, c), count: c.count })),
  ];
  const sectionTitle = textOr(t, `sections.${model.route.section}`, t('sections.casino'));
  const selected = model.categories.find((c) => c.id === category);
  const listTitle =
    model.route.view === 'search' && model.route.q
      ? t('search.heading', { q: model.route.q })
      : selected
        ? categoryLabel(t, selected)
        : t('list.all_games');
  if (model.error === 404 && model.route.view === 'provider') {
    return <p className={styles.notice}>{t('providers.not_found')}</p>;
  }
  return (
    <div className={styles.lobby} data-section={model.route.section} data-view={model.route.view}>
      <div className={styles.toolbar}>
        <SearchBox lng={lng} initial={model.route.view === 'search' ? (model.route.q ?? '') : ''} />
        {!fixedProvider && model.providers.length > 0 ? (
          <label className={styles.providerFilter}>
            <span className={styles.filterLabel}>{t('filter.provider')}</span>
            <select
              className={styles.select}
              value={provider ?? ''}
              onChange={(event) => setProvider(event.target.value || null)}
            >
              <option value="">{t('filter.all_providers')}</option>
              {model.providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <ViewBlock model={model} lng={lng} signedIn={signedIn} timeZone={timeZone} />
      <GameRow title={t('recent.title')} games={recent} lng={lng} testId="casino-recent" />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.rowTitle}>
          {listTitle}
        </h2>
        {model.categories.length > 0 ? (
          <Tabs
            items={tabs}
            selected={category ?? ALL}
            onSelect={(id) => setCategory(id === ALL ? null : id)}
            label={t('filter.categories')}
            idPrefix={tabsId}
            className={styles.tabs}
          />
        ) : null}
        <GameList
          lng={lng}
          state={list.state}
          more={list.more}
          retry={list.retry}
          label={sectionTitle}
          {...(model.categories.length > 0
            ? { panelId: `${tabsId}-panel`, labelledBy: `${tabsId}-tab-${category ?? ALL}` }
            : {})}
        />
      </section>
    </div>
  );
}
