/**
 * The casino section: the catalogue's providers with their switch, and its games with search and
 * filters (kept in the URL), each with its switches: enabled, sort weight, badges (new, jackpot,
 * hot: the lobby's featured marks) and, for a provider's game, the countries it is offered in. The
 * declared RTP is shown as the catalogue states it. Changing needs casino.manage; the auditor and
 * risk roles see the same tables without controls.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Message, TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { CasinoGameRow, type GameRow, Switch } from './CasinoGameRow.tsx';
import { DataTable } from './DataTable.tsx';
import { Panel, useErrorText } from './desk.tsx';
import { AnySelect, FilterForm, Pager } from './FilterForm.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

interface ProviderRow {
  id: string;
  name: string;
  enabled: boolean;
  games: number;
  enabledGames: number;
}

interface Filter {
  q: string;
  provider: string;
  category: string;
  enabled: string;
  offset: number;
}

const PAGE = 50;
const EMPTY: Filter = { q: '', provider: '', category: '', enabled: '', offset: 0 };

function filterFromUrl(): Filter {
  if (typeof window === 'undefined') return EMPTY;
  const s = new URLSearchParams(window.location.search);
  return {
    q: s.get('q') ?? '',
    provider: s.get('provider') ?? '',
    category: s.get('category') ?? '',
    enabled: s.get('enabled') ?? '',
    offset: Math.max(0, Number(s.get('offset')) || 0),
  };
}

function queryOf(f: Filter): string {
  const s = new URLSearchParams();
  if (f.q.trim()) s.set('q', f.q.trim());
  if (f.provider) s.set('provider', f.provider);
  if (f.category) s.set('category', f.category);
  if (f.enabled) s.set('enabled', f.enabled);
  if (f.offset) s.set('offset', String(f.offset));
  const text = s.toString();
  return text ? `?${text}` : '';
}

export function CasinoSection({ me, lng }: { me: Me; lng: string }) {
  const t = useT('backoffice');
  const errorText = useErrorText();
  const manage = me.actions.includes('casino.manage');
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [games, setGames] = useState<{ games: GameRow[]; total: number } | null>(null);
  const [providers, setProviders] = useState<ProviderRow[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const initial = filterFromUrl();
    setFilter(initial);
    setDraft(initial);
  }, []);

  const loadProviders = useCallback(async () => {
    const answer = await call<{ providers: ProviderRow[]; categories: string[] }>('/casino/providers');
    leaveIfSignedOut(answer);
    if (!answer.ok) return;
    setProviders(answer.data.providers);
    setCategories(answer.data.categories);
  }, []);

  const loadGames = useCallback(async (f: Filter) => {
    const answer = await call<{ games: GameRow[]; total: number }>(`/casino/games${queryOf(f)}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setGames(answer.data);
  }, []);

  useEffect(() => {
    void loadProviders();
  }, [loadProviders]);
  useEffect(() => {
    void loadGames(filter);
    if (typeof window !== 'undefined')
      window.history.replaceState(null, '', `${window.location.pathname}${queryOf(filter)}`);
  }, [loadGames, filter]);

  const report = (answer: { ok: boolean; code?: string }, done: string) => {
    leaveIfSignedOut(answer as { ok: boolean; status?: number });
    setError(answer.ok ? null : errorText(answer.code ?? 'NETWORK'));
    setNotice(answer.ok ? done : null);
  };

  const switchProvider = async (p: ProviderRow, enabled: boolean) => {
    const answer = await post(`/casino/providers/${p.id}`, { enabled });
    report(
      answer.ok ? answer : { ok: false, code: answer.code },
      t(enabled ? 'casino.providerOn' : 'casino.providerOff', { name: p.name }),
    );
    await Promise.all([loadProviders(), loadGames(filter)]);
  };

  const changeGame = async (game: GameRow, body: Record<string, unknown>) => {
    const answer = await post<{ game: GameRow }>(`/casino/games/${game.id}`, body);
    report(
      answer.ok ? answer : { ok: false, code: answer.code },
      t('casino.saved', { name: game.names[lng === 'ru' ? 'ru' : 'en'] }),
    );
    if (answer.ok)
      setGames((g) =>
        g ? { ...g, games: g.games.map((x) => (x.id === game.id ? answer.data.game : x)) } : g,
      );
    if (answer.ok && body.enabled !== undefined) void loadProviders();
    return answer.ok;
  };

  const search = () => setFilter({ ...draft, offset: 0 });
  const shown = games && games.games.length > 0 ? games : null;

  return (
    <div className={styles.stack}>
      <Panel id="bo-casino-providers" title={t('casino.providers')}>
        <DataTable
          rows={providers}
          testId="casino-providers"
          columns={[
            { label: t('casino.provider') },
            { label: t('casino.gamesOn'), num: true },
            { label: t('casino.enabled') },
          ]}
          row={(p) => (
            <tr key={p.id}>
              <td>
                {p.name} <code>{p.id}</code>
              </td>
              <td className={styles.num}>{t('casino.ofGames', { on: p.enabledGames, count: p.games })}</td>
              <td>
                {manage ? (
                  <Switch
                    label={t('casino.providerSwitch', { name: p.name })}
                    text={t(p.enabled ? 'casino.on' : 'casino.off')}
                    checked={p.enabled}
                    onChange={(on) => void switchProvider(p, on)}
                  />
                ) : (
                  t(p.enabled ? 'casino.on' : 'casino.off')
                )}
              </td>
            </tr>
          )}
        />
      </Panel>

      <Panel id="bo-casino-games" title={t('casino.games')} lead={t('casino.lead')}>
        <FilterForm label={t('casino.games')} submit={t('casino.find')} onSearch={search}>
          <TextField
            label={t('casino.search')}
            type="search"
            value={draft.q}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
          <AnySelect
            label={t('casino.provider')}
            value={draft.provider}
            any={t('casino.any')}
            options={providers.map((p) => ({ value: p.id, text: p.name }))}
            onChange={(provider) => setDraft({ ...draft, provider })}
          />
          <AnySelect
            label={t('casino.category')}
            value={draft.category}
            any={t('casino.any')}
            options={categories.map((c) => ({ value: c, text: c }))}
            onChange={(category) => setDraft({ ...draft, category })}
          />
          <AnySelect
            label={t('casino.state')}
            value={draft.enabled}
            any={t('casino.any')}
            options={[
              { value: 'true', text: t('casino.on') },
              { value: 'false', text: t('casino.off') },
            ]}
            onChange={(enabled) => setDraft({ ...draft, enabled })}
          />
        </FilterForm>
        <div aria-live="polite">
          {error ? <Message kind="error">{error}</Message> : null}
          {notice ? <Message kind="success">{notice}</Message> : null}
        </div>
        {shown ? (
          <p className={styles.muted} data-testid="casino-total">
            {t('casino.shown', {
              from: filter.offset + 1,
              to: filter.offset + shown.games.length,
              count: shown.total,
            })}
          </p>
        ) : null}
        <DataTable
          rows={games?.games}
          empty={t('casino.empty')}
          testId="casino-games"
          columns={[
            { label: t('casino.id'), num: true },
            { label: t('casino.game') },
            { label: t('casino.rtp'), num: true },
            { label: t('casino.enabled') },
            { label: t('casino.weight') },
            { label: t('casino.badges') },
            { label: t('casino.countries') },
          ]}
          row={(g) => <CasinoGameRow key={g.id} game={g} lng={lng} manage={manage} onChange={changeGame} />}
        />
        {shown ? (
          <Pager
            variant="ghost"
            previous={{
              text: t('casino.previous'),
              disabled: filter.offset === 0,
              onClick: () => setFilter({ ...filter, offset: Math.max(0, filter.offset - PAGE) }),
            }}
            next={{
              text: t('casino.next'),
              disabled: filter.offset + PAGE >= shown.total,
              onClick: () => setFilter({ ...filter, offset: filter.offset + PAGE }),
            }}
          />
        ) : null}
      </Panel>
    </div>
  );
}
