/**
 * The fixture list: for every sport and every hour, a Poisson number of games drawn from the seed
 * and the hour alone, so the schedule is the same whenever and wherever it is computed. Each game
 * is published some time before its start (most a few hours ahead, some up to a week), which is
 * what keeps ~500 games in the line while 30-80 are live at once.
 */
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import { SPORT_PROFILES, type SportProfile } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { SimChamp, SimTeam, SimWorld } from './world.ts';

export const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface ScheduledGame {
  ref: string;
  number: number;
  profile: SportProfile;
  champ: SimChamp;
  home: SimTeam;
  away: SimTeam;
  startAtMs: number;
  publishAtMs: number;
  isTop: boolean;
}

/** Games of one sport whose start falls in the given hour (hours counted from the Unix epoch). */
export function gamesOfHour(
  seed: number,
  world: SimWorld,
  profile: SportProfile,
  hour: number,
): ScheduledGame[] {
  const champs = world.champsBySport.get(profile.sportId) ?? [];
  if (champs.length === 0) return [];
  const rng = Rng.derive(seed, 'hour', profile.sportId, hour);
  const count = Math.min(40, rng.poisson(profile.startsPerHour));
  const sportIndex = SPORT_PROFILES.indexOf(profile);
  const games: ScheduledGame[] = [];
  for (let i = 0; i < count; i += 1) {
    const champ = pickChamp(champs, rng);
    const homeIndex = rng.int(0, champ.teams.length - 1);
    const awayIndex = (homeIndex + rng.int(1, champ.teams.length - 1)) % champ.teams.length;
    const slotMinutes = profile.shortLead ? 1 : 5;
    const startAtMs = hour * HOUR_MS + rng.int(0, 60 / slotMinutes - 1) * slotMinutes * MINUTE_MS;
    games.push({
      ref: `g:${profile.sportId}:${hour}:${i}`,
      // Unique for 11 years of hours: hour mod 100 000, then sport, then the game of the hour.
      number: (hour % 100_000) * 20_000 + sportIndex * 1_000 + i,
      profile,
      champ,
      home: champ.teams[homeIndex]!,
      away: champ.teams[awayIndex]!,
      startAtMs,
      publishAtMs: startAtMs - leadMs(profile, rng),
      isTop: champ.isTop && rng.chance(0.35),
    });
  }
  return games;
}

/** Top championships get three times the games of the others. */
function pickChamp(champs: SimChamp[], rng: Rng): SimChamp {
  const total = champs.reduce((s, c) => s + (c.isTop ? 3 : 1), 0);
  let roll = rng.next() * total;
  for (const c of champs) {
    roll -= c.isTop ? 3 : 1;
    if (roll < 0) return c;
  }
  return champs.at(-1)!;
}

function leadMs(profile: SportProfile, rng: Rng): number {
  if (profile.shortLead) return rng.between(5, 30) * MINUTE_MS;
  const roll = rng.next();
  if (roll < 0.6) return rng.between(0.25, 3) * HOUR_MS;
  if (roll < 0.92) return rng.between(3, 24) * HOUR_MS;
  return rng.between(24, 168) * HOUR_MS;
}
