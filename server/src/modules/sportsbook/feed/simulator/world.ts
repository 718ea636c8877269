/**
 * The simulated catalogue: countries, championships and teams of every sport, drawn from the seed.
 * The same seed gives the same names and strengths, so refs stay valid across restarts.
 */
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import { SPORT_PROFILES, type SportProfile } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { Names } from '../../tables.ts';
import {
  CHAMP_NAMES,
  CLUB_NICKNAMES,
  COUNTRIES,
  type CountryData,
  ESPORT_WORDS,
  FOOTBALL_SUFFIXES,
  INITIALS,
  type Pair,
  SURNAMES,
  WORLD,
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
}

type NameStyle = 'club' | 'nickname' | 'person' | 'brand';
type ChampKind = keyof typeof CHAMP_NAMES;

interface SportPlan {
  champs: ChampKind;
  names: NameStyle;
  /** Countries with a league; 0 = international only. */
  countries: number;
}

const FOOTBALL_IDS = new Set([1]);
const PERSON_SPORTS = new Set([2, 6, 11]);

function planOf(profile: SportProfile): SportPlan {
  const id = profile.sportId;
  if (FOOTBALL_IDS.has(id)) return { champs: 'league', names: 'club', countries: COUNTRIES.length };
  if (id >= 60) return { champs: 'virtual', names: id === 60 ? 'club' : 'nickname', countries: 0 };
  if (id >= 40) return { champs: 'esports', names: 'brand', countries: 0 };
  if (id === 11) return { champs: 'fight', names: 'person', countries: 0 };
  if (PERSON_SPORTS.has(id)) return { champs: 'tennis', names: 'person', countries: 0 };
  return { champs: 'league', names: 'nickname', countries: 3 };
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
  for (const profile of SPORT_PROFILES) champsBySport.set(profile.sportId, champsOf(seed, profile));
  return { countries, champsBySport };
}

function champsOf(seed: number, profile: SportProfile): SimChamp[] {
  const plan = planOf(profile);
  const rng = Rng.derive(seed, 'champs', profile.sportId);
  const champs: SimChamp[] = [];
  if (plan.countries === 0) {
    CHAMP_NAMES[plan.champs].forEach(([title, isTop], k) => {
      champs.push(champ(seed, profile, plan, WORLD, title, isTop, k, champs.length));
    });
    return champs;
  }
  const hosts = rng.shuffle([...COUNTRIES]).slice(0, plan.countries);
  const order = FOOTBALL_IDS.has(profile.sportId) ? COUNTRIES : hosts;
  order.forEach((country, c) => {
    const tiers = FOOTBALL_IDS.has(profile.sportId) ? CHAMP_NAMES.league : CHAMP_NAMES.league.slice(0, 1);
    tiers.forEach(([title, top], tier) => {
      const isTop = top && (FOOTBALL_IDS.has(profile.sportId) ? c < 6 : c === 0);
      champs.push(champ(seed, profile, plan, country, title, isTop, tier, champs.length));
    });
  });
  return champs;
}

function champ(
  seed: number,
  profile: SportProfile,
  plan: SportPlan,
  country: CountryData,
  title: Pair,
  isTop: boolean,
  tier: number,
  index: number,
): SimChamp {
  const ref = `ch:${profile.sportId}:${index}`;
  const rng = Rng.derive(seed, 'teams', ref);
  const teamNames = teamNamesFor(plan.names, country, tier, rng);
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
function teamNamesFor(style: NameStyle, country: CountryData, tier: number, rng: Rng): Pair[] {
  const cities = country.cities.length > 0 ? country.cities : COUNTRIES.flatMap((c) => c.cities.slice(0, 2));
  if (style === 'club' || style === 'nickname') {
    const suffixes = style === 'club' ? FOOTBALL_SUFFIXES : CLUB_NICKNAMES;
    return cities.slice(0, 14).map(([en, ru], i) => {
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
  return rng.shuffle(combos).slice(0, 16);
}
