/** The sports list from the sportsbook API: GET /web-api/sportsbook/v1/sports?lang={lng} → { data: Sport[] }. */
import type { ApiFetch } from '@parlay/mf/contract.ts';

export interface Sport {
  id: number;
  slug: string;
  name: string;
  position: number;
  icon: string;
}

/** Loaded sports, or why they could not be loaded (status null: no answer at all). */
export type SportsResult = { ok: true; sports: Sport[] } | { ok: false; status: number | null };

const MAX_SPORTS = 500;

export function sportsPath(lng: string): string {
  return `/web-api/sportsbook/v1/sports?lang=${encodeURIComponent(lng)}`;
}

function isSport(value: unknown): value is Sport {
  if (typeof value !== 'object' || value === null) return false;
  const sport = value as Record<string, unknown>;
  return (
    Number.isInteger(sport.id) &&
    typeof sport.slug === 'string' &&
    typeof sport.name === 'string' &&
    Number.isFinite(sport.position) &&
    typeof sport.icon === 'string'
  );
}

/** The sports of a response body ordered by position, or null when the body has the wrong shape. */
export function parseSportsResponse(body: unknown): Sport[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length > MAX_SPORTS || !data.every(isSport)) return null;
  return data
    .map(({ id, slug, name, position, icon }) => ({ id, slug, name, position, icon }))
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Loads the sports; never throws (a failed call is a result the page shows honestly). */
export async function loadSports(api: ApiFetch, lng: string): Promise<SportsResult> {
  let response: Awaited<ReturnType<ApiFetch>>;
  try {
    response = await api(sportsPath(lng), { headers: { 'x-language': lng } });
  } catch {
    return { ok: false, status: null };
  }
  if (response.status !== 200) return { ok: false, status: response.status };
  try {
    const sports = parseSportsResponse(await response.json());
    return sports ? { ok: true, sports } : { ok: false, status: response.status };
  } catch {
    return { ok: false, status: response.status };
  }
}
