/**
 * The private log's batched inserts (private-log.ts): messages published at once on several
 * players' topics are written together, each published with the id of its own row, and within a
 * topic the offsets rise in the order the messages were published.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { InProcessBus } from './bus.ts';
import { PrivateLogBus, readPrivateLog } from './private-log.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
});
afterAll(async () => {
  await database.drop();
});

describe('the private log', () => {
  it('logs concurrent messages in one go, each published with its own row id, in order per topic', async () => {
    const inner = new InProcessBus({ error: () => {} });
    const bus = new PrivateLogBus(inner, database.handle.db);
    const seen = new Map<string, { n: number; offset: number }[]>();
    const topics = ['user:1', 'user:2', 'user:3'];
    for (const topic of topics) {
      seen.set(topic, []);
      inner.subscribe(topic, (m) => {
        const { n, offset } = m as { n: number; offset: number };
        seen.get(topic)!.push({ n, offset });
      });
    }
    await Promise.all(
      Array.from({ length: 120 }, (_, n) => bus.publish(topics[n % 3]!, { type: 'balance', n })),
    );
    for (const topic of topics) {
      const got = seen.get(topic)!;
      expect(got.map((g) => g.n)).toEqual(got.map((g) => g.n).sort((a, b) => a - b));
      const offsets = got.map((g) => g.offset);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      expect(new Set(offsets).size).toBe(40);
      // The row of each offset holds that very message: a replay after any offset gives the rest.
      const rows = await readPrivateLog(database.handle.db, topic, 0);
      expect(rows.map((r) => [r.offset, r.message.n])).toEqual(got.map((g) => [g.offset, g.n]));
      const after = await readPrivateLog(database.handle.db, topic, got[19]!.offset);
      expect(after.map((r) => r.message.n)).toEqual(got.slice(20).map((g) => g.n));
    }
    // A message on another topic is not logged.
    await bus.publish('casino:tournament:1', { type: 'tick' });
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from realtime_private_log`.execute(
      database.handle.db,
    );
    expect(rows[0]!.n).toBe('120');
  });
});
