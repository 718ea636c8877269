/** TypeBox schemas of the statistics reads: a championship's table and a game's statistics. */
import { Type } from '@sinclair/typebox';
import { Int32Id } from '../../platform/request-schemas.ts';
import { Lang } from './schemas.ts';

export const HEAD_TO_HEAD_MAX = 20;

export const ChampParams = Type.Object({ champId: Int32Id({ description: 'Championship id' }) });
export const ChampStatisticsQuery = Type.Object({ lang: Lang });
export const GameStatisticsQuery = Type.Object({
  h2h: Type.Integer({
    minimum: 1,
    maximum: HEAD_TO_HEAD_MAX,
    default: 10,
    description: 'How many of the teams’ latest games against each other to list',
  }),
  lang: Lang,
});

const Team = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'null: a team of the simulated past not in the catalogue',
  }),
  name: Type.String(),
});
const Form = Type.Array(Type.Union([Type.Literal('W'), Type.Literal('D'), Type.Literal('L')]), {
  maxItems: 5,
  description: 'Latest results, newest first',
});
const Score = Type.Object({ home: Type.Integer(), away: Type.Integer() });

const TableRow = Type.Object({
  position: Type.Integer(),
  team: Team,
  played: Type.Integer(),
  won: Type.Integer(),
  drawn: Type.Integer(),
  lost: Type.Integer(),
  scoreFor: Type.Integer({ description: 'Goals, points or sets for' }),
  scoreAgainst: Type.Integer(),
  points: Type.Integer(),
  form: Form,
});

const DrawPlayer = Type.Union([
  Type.Object({ team: Team, seed: Type.Union([Type.Integer(), Type.Null()]) }),
  Type.Null({ description: 'A place still to be decided' }),
]);
const Draw = Type.Object(
  {
    rounds: Type.Array(
      Type.Object({
        key: Type.String({ description: 'r32, r16, qf, sf or final' }),
        matches: Type.Array(
          Type.Object({
            home: DrawPlayer,
            away: DrawPlayer,
            score: Type.Union([Score, Type.Null()], { description: 'Sets won, once the match is over' }),
            winner: Type.Union([Type.Literal('home'), Type.Literal('away'), Type.Null()]),
          }),
        ),
      }),
    ),
  },
  { description: 'A knockout tournament’s current draw (tennis)' },
);

const Scorer = Type.Object({
  name: Type.String({
    description: 'The player, "initial. surname" in the request’s language (esports: the player’s handle)',
  }),
  team: Team,
  goals: Type.Integer({ description: 'Goals, or the points, runs or kills scorerUnit names' }),
  games: Type.Integer({ description: 'Games the player played among the table’s games' }),
});

const Goal = Type.Object({
  minute: Type.Integer({ description: 'Match minute, 1-based; a period’s last minute in added time' }),
  added: Type.Integer({ description: 'Minutes into added time (45+2: minute 45, added 2); 0 otherwise' }),
  side: Type.Union([Type.Literal('home'), Type.Literal('away')], {
    description: 'The side the goal counts for',
  }),
  scorer: Type.String({ description: 'The scorer; of an own goal the player of the other side' }),
  ownGoal: Type.Boolean({ description: 'An own goal: counted for `side`, in no player’s tally' }),
});

export const ChampStatisticsSchema = Type.Object({
  champ: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    sport: Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() }),
    country: Type.Object({ code: Type.String(), name: Type.String() }),
  }),
  season: Type.Object({
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    games: Type.Integer(),
  }),
  pointsRule: Type.Object({ win: Type.Integer(), draw: Type.Integer(), loss: Type.Integer() }),
  table: Type.Array(TableRow),
  draw: Type.Union([Draw, Type.Null()]),
  scorers: Type.Array(Scorer, {
    maxItems: 10,
    description:
      'Top scorers over the table’s games (goals, then fewer games, then name); empty for a sport or feed without squads',
  }),
  scorerUnit: Type.Union(
    [Type.Literal('goals'), Type.Literal('points'), Type.Literal('runs'), Type.Literal('kills')],
    {
      description:
        'What the scorers’ goals count: goals; points (basketball, American football, volleyball); runs (baseball, cricket); kills (Dota 2, League of Legends)',
    },
  ),
});

const StatLine = Type.Object({
  key: Type.String({ description: 'shots, shots_on_target, possession (percent), corners, cards, …' }),
  home: Type.Integer(),
  away: Type.Integer(),
});

export const GameStatisticsSchema = Type.Object({
  game: Type.Object({
    id: Type.Integer(),
    sportId: Type.Integer(),
    champ: Type.Object({ id: Type.Integer(), name: Type.String() }),
    home: Team,
    away: Team,
    startAt: Type.String({ format: 'date-time' }),
    status: Type.Integer(),
    score: Score,
    periodScores: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
    maps: Type.Array(Type.String(), {
      description: 'CS2 and Valorant: the series’ maps played or under way, in order',
    }),
  }),
  match: Type.Array(StatLine),
  goals: Type.Array(Goal, {
    description:
      'A live or finished game’s goals so far, in order (simulated football, ice hockey, handball)',
  }),
  form: Type.Object({ home: Form, away: Form }),
  headToHead: Type.Object({
    games: Type.Array(
      Type.Object({ startAt: Type.String({ format: 'date-time' }), home: Team, away: Team, score: Score }),
      { maxItems: HEAD_TO_HEAD_MAX },
    ),
    homeWins: Type.Integer(),
    draws: Type.Integer(),
    awayWins: Type.Integer(),
  }),
});
