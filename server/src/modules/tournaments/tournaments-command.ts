/**
 * `parlay tournaments …`, the operator's commands:
 *   tournaments create --name-ru <s> --name-en <s> --start <iso> --end <iso> --scoring <kind>
 *                      --currency <CCC> --prizes <minor,minor,…> [--games <id,id,…>]
 *                      [--no-opt-in] [--terms-ru <s>] [--terms-en <s>]
 *   tournaments list                       every tournament with its status
 *   tournaments finish [id]                fixes the places of ended tournaments and pays due prizes
 */
import { AppError } from '../../platform/errors.ts';
import { catchUp } from './catch-up.ts';
import type { TournamentsContext } from './context.ts';
import { createTournament, listTournaments } from './manage.ts';
import { finishOne, markPaid, payDue, runTournamentsDue } from './pay-prizes.ts';
import type { TournamentScoring } from './tables.ts';

export const TOURNAMENTS_USAGE = `  tournaments create --name-ru <s> --name-en <s> --start <iso> --end <iso> --scoring wagered|biggest_win|biggest_multiplier
                     --currency <CCC> --prizes <minor,…> [--games <id,…>] [--no-opt-in] [--terms-ru <s>] [--terms-en <s>]
                                 create a casino tournament (prizes by place, minor units)
  tournaments list               every tournament with its status and prize pool
  tournaments finish [id]        fix the places of ended tournaments and pay their prizes once`;

type Out = Pick<Console, 'log' | 'error'>;
const SCORINGS: readonly TournamentScoring[] = ['wagered', 'biggest_win', 'biggest_multiplier'];

function flags(args: string[]): Map<string, string> | null {
  const map = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) return null;
    if (arg === '--no-opt-in') {
      map.set('no-opt-in', 'yes');
      continue;
    }
    const value = args[i + 1];
    if (value === undefined) return null;
    map.set(arg.slice(2), value);
    i += 1;
  }
  return map;
}

async function create(ctx: TournamentsContext, args: string[], out: Out): Promise<number | null> {
  const f = flags(args);
  if (!f) return null;
  const [nameRu, nameEn, start, end, scoring, currency, prizes] = [
    f.get('name-ru'),
    f.get('name-en'),
    f.get('start'),
    f.get('end'),
    f.get('scoring'),
    f.get('currency'),
    f.get('prizes'),
  ];
  if (!nameRu || !nameEn || !start || !end || !scoring || !currency || !prizes) return null;
  if (!SCORINGS.includes(scoring as TournamentScoring)) return null;
  const startsAt = new Date(start);
  const endsAt = new Date(end);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return null;
  if (!/^\d{1,18}(,\d{1,18})*$/.test(prizes)) return null;
  const games = f.get('games');
  if (games !== undefined && !/^\d{1,9}(,\d{1,9})*$/.test(games)) return null;
  const t = await createTournament(ctx, {
    nameRu,
    nameEn,
    termsRu: f.get('terms-ru') ?? '',
    termsEn: f.get('terms-en') ?? '',
    startsAt,
    endsAt,
    scoring: scoring as TournamentScoring,
    currency,
    prizesMinor: prizes.split(',').map(BigInt),
    gameIds: games === undefined ? null : games.split(',').map(Number),
    optInRequired: !f.has('no-opt-in'),
  });
  out.log(
    `tournament ${t.id} created: ${t.name.en}, ${t.startsAt} – ${t.endsAt}, pool ${t.prizePoolMinor} ${t.currency}`,
  );
  return 0;
}

async function dispatch(ctx: TournamentsContext, args: string[], out: Out): Promise<number | null> {
  const [action, ...rest] = args;
  if (action === 'create') return create(ctx, rest, out);
  if (action === 'list' && rest.length === 0) {
    for (const t of await listTournaments(ctx, null))
      out.log(
        `${t.id}\t${t.status}\t${t.scoring}\t${t.startsAt} – ${t.endsAt}\tpool ${t.prizePoolMinor} ${t.currency}\t${t.name.en}`,
      );
    return 0;
  }
  if (action === 'finish' && rest.length === 0) {
    const s = await runTournamentsDue(ctx);
    out.log(`finished ${s.finished}, prizes paid ${s.paid}, completed ${s.completed}`);
    return 0;
  }
  if (action === 'finish' && rest.length === 1 && /^\d{1,18}$/.test(rest[0]!)) {
    const id = BigInt(rest[0]!);
    await catchUp(ctx, id);
    const finished = await finishOne(ctx, id);
    const paid = await payDue(ctx, {}, id);
    await markPaid(ctx);
    out.log(
      `tournament ${id}: ${finished === null ? 'not due or already finished' : 'finished'}, prizes paid ${paid}`,
    );
    return 0;
  }
  return null;
}

export async function runTournamentsCommand(
  ctx: TournamentsContext,
  args: string[],
  out: Out = console,
): Promise<number> {
  try {
    const code = await dispatch(ctx, args, out);
    if (code !== null) return code;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    out.error(`refused: ${err.code} ${err.message}`);
    return 1;
  }
  out.error(`usage:\n${TOURNAMENTS_USAGE}`);
  return 2;
}
