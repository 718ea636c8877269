/**
 * The simulated catalogue: countries, championships and teams of every sport, drawn from the seed.
 * The same seed gives the same names and strengths, so refs stay valid across restarts.
 */
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import { SPORT_PROFILES, type SportProfile } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { Names } from '../../tables.ts';
import { fixturePlanOf } from './calendar.ts';
import {
  CLUB_NICKNAMES,
  COUNTRIES,
  type CountryData,
  ESPORT_WORDS,
  FOOTBALL_SUFFIXES,
  INITIALS,
  NATIONAL_LEAGUES,
  type Pair,
  SURNAMES,
  WORLD,
  WORLD_CHAMPS,
  type WorldChampData,
} from './names.ts';

export interface SimCountry {
  ref: string;
  code: string;
  names: Names;
  position: number;
}

export interface SimTeam {
  ref: string;
  sportId: number;
  countryRef: string | null;
  names: Names;
  attack: number;
  defence: number;
  rating: number;
}

export interface SimChamp {
  ref: string;
  sportId: number;
  countryRef: string;
  names: Names;
  position: number;
  isTop: boolean;
  teams: SimTeam[];
}

export interface SimWorld {
  countries: SimCountry[];
  champsBySport: Map<number, SimChamp[]>;
  /** Where each championship's fixture calendar stands, by champ ref. */
  calendars: Map<string, ChampCalendar>;
  /** The usual series of an esports league (best of N maps), by champ ref; absent: the sport's. */
  bestOf: Map<string, number>;
}

/** A championship's place in time: its local time and the shift of its sport's cycle. */
export interface ChampCalendar {
  utcOffsetMin: number;
  phaseMin: number;
}

type NameStyle = 'club' | 'nickname' | 'person' | 'brand';
type WorldKind = keyof typeof WORLD_CHAMPS;

interface SportPlan {
  names: NameStyle;
  /** International competitions of the sport; national leagues when absent. */
  world?: WorldKind;
}

function planOf(profile: SportProfile): SportPlan {
  const id = profile.sportId;
  if (id === 1) return { names: 'club' };
  if (id === 60) return { names: 'club', world: 'virtual' };
  if (id >= 60) return { names: 'nickname', world: 'virtual' };
  if (id === 44) return { names: 'brand', world: 'efootball' };
  if (id >= 40) return { names: 'brand', world: 'esports' };
  if (id === 11) return { names: 'person', world: 'fight' };
  if (id === 2) return { names: 'person', world: 'tennis' };
  if (id === 6) return { names: 'person', world: 'tableTennis' };
  return { names: 'nickname' };
}

const names = ([en, ru]: Pair): Names => ({ en, ru });
const countryRef = (c: CountryData) => `c:${c.code}`;

export function buildWorld(seed: number): SimWorld {
  const countries = [...COUNTRIES, WORLD].map((c, i) => ({
    ref: countryRef(c),
    code: c.code,
    names: names(c.name),
    position: i + 1,
  }));
  const champsBySport = new Map<number, SimChamp[]>();
  const calendars = new Map<string, ChampCalendar>();
  const bestOf = new Map<string, number>();
  for (const profile of SPORT_PROFILES) {
    const champs = champsOf(seed, profile, calendars, bestOf);
    champsBySport.set(profile.sportId, champs);
  }
  return { countries, champsBySport, calendars, bestOf };
}

function champsOf(
  seed: number,
  profile: SportProfile,
  calendars: Map<string, ChampCalendar>,
  bestOf: Map<string, number>,
): SimChamp[] {
  const plan = planOf(profile);
  const fixtures = fixturePlanOf(profile.sportId);
  const champs: SimChamp[] = [];
  const add = (
    country: CountryData,
    title: Pair,
    isTop: boolean,
    tier: number,
    utcOffset: number,
    turn: number,
    format: WorldChampData[3] = {},
  ) => {
    const index = champs.length;
    const teams = format.players ?? fixtures.teams;
    const made = champ(seed, profile, plan, teams, country, title, isTop, tier, index);
    champs.push(made);
    if (format.bestOf) bestOf.set(made.ref, format.bestOf);
    calendars.set(made.ref, {
      utcOffsetMin: Math.round(utcOffset * 60),
      phaseMin: fixtures.phases[turn % fixtures.phases.length]!,
    });
  };
  if (plan.world) {
    WORLD_CHAMPS[plan.world].forEach(([title, isTop, offset, format]: WorldChampData, k) => {
      add(WORLD, title, isTop, k, offset, k, format);
    });
    return champs;
  }
  const leagues = NATIONAL_LEAGUES[profile.sportId];
  if (!leagues) return champs;
  const hosts = leagues.hosts.map((code) => COUNTRIES.find((c) => c.code === code)!);
  // Tier by tier, so a sport's top leagues come first; a country's tiers alternate phases.
  leagues.tiers.forEach((title, tier) => {
    hosts.forEach((country, c) => {
      const isTop = tier === 0 && (profile.sportId === 1 ? c < 6 : c === 0);
      add(country, leagues.byHost?.[country.code]?.[tier] ?? title, isTop, tier, country.utcOffset, c + tier);
    });
  });
  return champs;
}

function champ(
  seed: number,
  profile: SportProfile,
  plan: SportPlan,
  teamCount: number,
  country: CountryData,
  title: Pair,
  isTop: boolean,
  tier: number,
  index: number,
): SimChamp {
  const ref = `ch:${profile.sportId}:${index}`;
  const rng = Rng.derive(seed, 'teams', ref);
  const teamNames = teamNamesFor(plan.names, teamCount, country, tier, rng);
  const teams = teamNames.map((pair, i) => ({
    ref: `t:${profile.sportId}:${index}:${i}`,
    sportId: profile.sportId,
    countryRef: country === WORLD ? null : countryRef(country),
    names: names(pair),
    attack: round3(Math.exp(rng.normal(0, 0.18))),
    defence: round3(Math.exp(rng.normal(0, 0.15))),
    rating: round3(rng.normal(0, 0.7)),
  }));
  return {
    ref,
    sportId: profile.sportId,
    countryRef: countryRef(country),
    names: names(title),
    position: index + 1,
    isTop,
    teams,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Unique names inside one championship. */
function teamNamesFor(style: NameStyle, count: number, country: CountryData, tier: number, rng: Rng): Pair[] {
  const cities = country.cities.length > 0 ? country.cities : COUNTRIES.flatMap((c) => c.cities.slice(0, 2));
  if (style === 'club' || style === 'nickname') {
    const suffixes = style === 'club' ? FOOTBALL_SUFFIXES : CLUB_NICKNAMES;
    return cities.slice(0, count).map(([en, ru], i) => {
      const [sEn, sRu] = suffixes[(i * 3 + tier * 5) % suffixes.length]!;
      return [`${en} ${sEn}`, `${ru} ${sRu}`] as const;
    });
  }
  const combos: Pair[] = [];
  if (style === 'person') {
    for (const [iEn, iRu] of INITIALS)
      for (const [sEn, sRu] of SURNAMES) combos.push([`${iEn}. ${sEn}`, `${iRu}. ${sRu}`]);
  } else {
    for (const first of ESPORT_WORDS[0])
      for (const second of ESPORT_WORDS[1]) combos.push([`${first} ${second}`, `${first} ${second}`]);
  }
  return rng.shuffle(combos).slice(0, count);
}
