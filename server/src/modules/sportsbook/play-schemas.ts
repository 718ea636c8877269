/** TypeBox schemas of a game's play-by-play (the live match visualisation). */
import { Type } from '@sinclair/typebox';

export const PLAY_EVENTS_MAX = 200;

export const GamePlayQuery = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: PLAY_EVENTS_MAX,
    default: 30,
    description: 'How many of the latest events to return',
  }),
});

const SideSchema = Type.Union([Type.Literal('home'), Type.Literal('away'), Type.Null()]);

const PlayEventSchema = Type.Object({
  id: Type.String({ description: 'Stable within the game' }),
  type: Type.Union(
    ['goal', 'point', 'shot', 'dangerous_attack', 'corner', 'card', 'period_start', 'period_end'].map((x) =>
      Type.Literal(x),
    ),
  ),
  side: SideSchema,
  period: Type.Integer(),
  clockSeconds: Type.Integer({ description: 'Match clock at the event; 0 for sports without a clock' }),
  value: Type.Integer({ description: 'Points of a scoring event, else 1' }),
});

export const GamePlaySchema = Type.Object({
  gameId: Type.Integer(),
  sportId: Type.Integer(),
  status: Type.Integer(),
  available: Type.Boolean({
    description: 'false: no play-by-play for this game (not from the simulated feed)',
  }),
  moment: Type.Object({
    phase: Type.Union(
      ['stopped', 'possession', 'attack', 'dangerous_attack', 'corner', 'scored'].map((x) => Type.Literal(x)),
    ),
    side: SideSchema,
    zone: Type.Union([...['own', 'middle', 'attack', 'danger'].map((x) => Type.Literal(x)), Type.Null()], {
      description: 'Where the ball is, seen from the side in possession',
    }),
  }),
  score: Type.Object({ home: Type.Integer(), away: Type.Integer() }),
  corners: Type.Tuple([Type.Integer(), Type.Integer()]),
  cards: Type.Tuple([Type.Integer(), Type.Integer()]),
  events: Type.Array(PlayEventSchema, {
    maxItems: PLAY_EVENTS_MAX,
    description: 'Latest events, oldest first',
  }),
});
