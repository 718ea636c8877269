/**
 * When a `schedule` campaign grants (issue 20): a list of instants and/or daily and weekly times in
 * UTC, as pure data. The workers grant each occurrence once to every eligible player.
 *
 * JSON shape (definition.schedule, required for trigger `schedule`, at least one entry in all):
 *   {
 *     "at": ["2026-06-05T18:00:00Z", ...],          // instants (ISO), at most 100
 *     "daily": ["09:00", "21:30"],                  // every day at these UTC times
 *     "weekly": [{ "day": 5, "time": "18:00" }]     // ISO weekday (1 = Monday … 7 = Sunday), UTC time
 *   }
 */

export interface WeeklyTime {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  day: number;
  /** Minutes after midnight UTC. */
  minute: number;
}

export interface Schedule {
  at: Date[];
  /** Minutes after midnight UTC. */
  daily: number[];
  weekly: WeeklyTime[];
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
export const MAX_INSTANTS = 100;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function minuteOf(v: unknown): number | null {
  const m = typeof v === 'string' ? TIME.exec(v) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Checks definition.schedule; problems are reported through `bad` with their paths. */
export function parseSchedule(v: unknown, bad: (path: string, problem: string) => void): Schedule {
  const out: Schedule = { at: [], daily: [], weekly: [] };
  if (!isRecord(v)) {
    bad('schedule', 'must be an object with at, daily or weekly');
    return out;
  }
  for (const k of Object.keys(v))
    if (k !== 'at' && k !== 'daily' && k !== 'weekly') bad(`schedule.${k}`, 'unknown field');
  if (v.at !== undefined) {
    if (!Array.isArray(v.at) || v.at.length > MAX_INSTANTS)
      bad('schedule.at', `must be a list of at most ${MAX_INSTANTS} ISO instants`);
    else
      v.at.forEach((x, i) => {
        const d = typeof x === 'string' ? new Date(x) : null;
        if (!d || Number.isNaN(d.getTime())) bad(`schedule.at.${i}`, 'must be an ISO instant');
        else out.at.push(d);
      });
  }
  if (v.daily !== undefined) {
    if (!Array.isArray(v.daily) || v.daily.length > 24)
      bad('schedule.daily', 'must list up to 24 HH:MM times');
    else
      v.daily.forEach((x, i) => {
        const m = minuteOf(x);
        if (m === null) bad(`schedule.daily.${i}`, 'must be HH:MM (UTC)');
        else out.daily.push(m);
      });
  }
  if (v.weekly !== undefined) {
    if (!Array.isArray(v.weekly) || v.weekly.length > 50)
      bad('schedule.weekly', 'must list up to 50 entries');
    else
      v.weekly.forEach((x, i) => {
        const r = isRecord(x) ? x : {};
        const day = r.day;
        const m = minuteOf(r.time);
        if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 7)
          bad(`schedule.weekly.${i}.day`, 'must be 1 (Monday) to 7 (Sunday)');
        else if (m === null) bad(`schedule.weekly.${i}.time`, 'must be HH:MM (UTC)');
        else out.weekly.push({ day, minute: m });
      });
  }
  if (out.at.length + out.daily.length + out.weekly.length === 0 && isRecord(v))
    bad('schedule', 'must have at least one instant, daily or weekly time');
  out.at.sort((a, b) => a.getTime() - b.getTime());
  out.daily.sort((a, b) => a - b);
  return out;
}

/** The schedule as JSON (parseSchedule's input). */
export function scheduleJson(s: Schedule): Record<string, unknown> {
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return {
    at: s.at.map((d) => d.toISOString()),
    daily: s.daily.map(hhmm),
    weekly: s.weekly.map((w) => ({ day: w.day, time: hhmm(w.minute) })),
  };
}

/** The first occurrence strictly after `afterMs`, or null when there is none. */
export function nextOccurrence(s: Schedule, afterMs: number): number | null {
  let best: number | null = null;
  const take = (t: number) => {
    if (t > afterMs && (best === null || t < best)) best = t;
  };
  for (const d of s.at) take(d.getTime());
  const dayStart = Math.floor(afterMs / DAY_MS) * DAY_MS;
  for (const m of s.daily) {
    const t = dayStart + m * MINUTE_MS;
    take(t > afterMs ? t : t + DAY_MS);
  }
  for (const w of s.weekly) {
    // 1970-01-01 was a Thursday (ISO 4).
    const isoDay = ((Math.floor(dayStart / DAY_MS) + 3) % 7) + 1;
    const t = dayStart + (((w.day - isoDay + 7) % 7) * DAY_MS + w.minute * MINUTE_MS);
    take(t > afterMs ? t : t + 7 * DAY_MS);
  }
  return best;
}

/**
 * The latest occurrence in (afterMs, nowMs], or null: occurrences a stopped worker missed collapse
 * into the latest one (a player is never granted a backlog at once).
 */
export function latestDue(s: Schedule, afterMs: number, nowMs: number): number | null {
  let found: number | null = null;
  for (const d of s.at) {
    const t = d.getTime();
    if (t > afterMs && t <= nowMs && (found === null || t > found)) found = t;
  }
  // Daily and weekly times repeat within a week: looking back 8 days finds the latest.
  const recurring: Schedule = { at: [], daily: s.daily, weekly: s.weekly };
  let from = Math.max(afterMs, nowMs - 8 * DAY_MS);
  for (;;) {
    const next = nextOccurrence(recurring, from);
    if (next === null || next > nowMs) break;
    if (found === null || next > found) found = next;
    from = next;
  }
  return found;
}
