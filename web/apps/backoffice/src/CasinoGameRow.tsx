/**
 * One game of the casino section's table with its switches: enabled, sort weight (saved on its
 * button), badges, and a provider's game's countries (allowed: empty = everywhere; blocked), each
 * control labelled with the game's name so a keyboard or screen-reader user knows which row it is.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import styles from './Backoffice.module.css';
import c from './Casino.module.css';

export interface GameRow {
  id: number;
  slug: string;
  names: { ru: string; en: string };
  providerId: string;
  providerEnabled: boolean;
  kind: string;
  categories: string[];
  enabled: boolean;
  playable: boolean;
  popularity: number;
  badges: string[];
  rtpText: string | null;
  countries: { allowed: string[] | null; blocked: string[] } | null;
}

const BADGES = ['new', 'jackpot', 'hot'] as const;

/** A checkbox whose visible text is short and whose accessible name says which game it is. */
export function Switch(props: {
  label: string;
  text: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <label className={c.switch}>
      <input
        type="checkbox"
        aria-label={props.label}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span aria-hidden="true">{props.text}</span>
    </label>
  );
}
const codesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');

export function CasinoGameRow({
  game,
  lng,
  manage,
  onChange,
}: {
  game: GameRow;
  lng: string;
  manage: boolean;
  onChange(game: GameRow, body: Record<string, unknown>): Promise<boolean>;
}) {
  const t = useT('backoffice');
  const name = lng === 'ru' ? game.names.ru : game.names.en;
  const [weight, setWeight] = useState(String(game.popularity));
  const [allowed, setAllowed] = useState(game.countries?.allowed?.join(', ') ?? '');
  const [blocked, setBlocked] = useState(game.countries?.blocked.join(', ') ?? '');

  const saveWeight = (event: FormEvent) => {
    event.preventDefault();
    void onChange(game, { popularity: Number(weight) });
  };
  const saveCountries = (event: FormEvent) => {
    event.preventDefault();
    const allow = codesOf(allowed);
    void onChange(game, { countries: { allowed: allow.length ? allow : null, blocked: codesOf(blocked) } });
  };
  const toggleBadge = (badge: string, on: boolean) =>
    void onChange(game, {
      badges: on ? [...game.badges, badge] : game.badges.filter((b) => b !== badge),
    });

  return (
    <tr data-testid={`casino-game-${game.id}`}>
      <td className={styles.num}>{game.id}</td>
      <td>
        <strong>{name}</strong>
        <br />
        <span className={styles.muted}>
          {game.providerId} · {game.categories.join(', ')}
          {game.providerEnabled ? '' : ` · ${t('casino.providerIsOff')}`}
          {game.playable ? '' : ` · ${t('casino.notPlayable')}`}
        </span>
      </td>
      <td className={styles.num}>{game.rtpText ? declaredRtp(game.rtpText, lng) : '—'}</td>
      <td>
        {manage ? (
          <Switch
            label={t('casino.enabledOf', { name })}
            text={t(game.enabled ? 'casino.on' : 'casino.off')}
            checked={game.enabled}
            onChange={(on) => void onChange(game, { enabled: on })}
          />
        ) : (
          t(game.enabled ? 'casino.on' : 'casino.off')
        )}
      </td>
      <td>
        {manage ? (
          <form className={c.inline} onSubmit={saveWeight}>
            <TextField
              label={t('casino.weight')}
              aria-label={t('casino.weightOf', { name })}
              type="number"
              min={0}
              max={1_000_000}
              step={1}
              required
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
            />
            <Button type="submit" size="sm" aria-label={t('casino.saveWeightOf', { name })}>
              {t('casino.save')}
            </Button>
          </form>
        ) : (
          <span className={styles.num}>{game.popularity}</span>
        )}
      </td>
      <td>
        {manage ? (
          <fieldset className={c.badgeSet}>
            <legend className={styles.visuallyHidden}>{t('casino.badgesOf', { name })}</legend>
            {BADGES.map((b) => (
              <Switch
                key={b}
                label={t('casino.badgeOf', { badge: t(`casino.badge.${b}`), name })}
                text={t(`casino.badge.${b}`)}
                checked={game.badges.includes(b)}
                onChange={(on) => toggleBadge(b, on)}
              />
            ))}
          </fieldset>
        ) : (
          game.badges.map((b) => t(`casino.badge.${b}`)).join(', ') || '—'
        )}
      </td>
      <td>
        {game.countries === null ? (
          t('casino.everywhere')
        ) : manage ? (
          <form className={c.countries} onSubmit={saveCountries}>
            <TextField
              label={t('casino.allowed')}
              aria-label={t('casino.allowedOf', { name })}
              hint={t('casino.allowedHint')}
              value={allowed}
              maxLength={1000}
              onChange={(e) => setAllowed(e.target.value)}
            />
            <TextField
              label={t('casino.blocked')}
              aria-label={t('casino.blockedOf', { name })}
              value={blocked}
              maxLength={1000}
              onChange={(e) => setBlocked(e.target.value)}
            />
            <Button type="submit" size="sm" aria-label={t('casino.saveCountriesOf', { name })}>
              {t('casino.save')}
            </Button>
          </form>
        ) : (
          `${t('casino.allowed')}: ${game.countries.allowed?.join(', ') ?? t('casino.everywhere')}; ${t('casino.blocked')}: ${game.countries.blocked.join(', ') || '—'}`
        )}
      </td>
    </tr>
  );
}

/** The catalogue's declared RTP ("96.65") in the page's number format ("96,65 %" in Russian). */
function declaredRtp(text: string, lng: string): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return new Intl.NumberFormat(lng, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}
