/**
 * Share an idea: posting (with its daily limit), one vote per player also under parallel votes, no
 * vote for one's own idea, the operator's answer through the CLI, bad input.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { IDEAS_PER_DAY } from './ideas.ts';
import { createSupportService, runSupportCommand, type SupportService, supportStorageAt } from './index.ts';

const BASE = '/web-api/support/v1/ideas';
const clock = new ManualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
let t: TestApp;
let dataDir: string;
let support: SupportService;
let ip = 10;

async function player() {
  ip += 1;
  const client = new TestClient(t.app, `10.19.0.${ip}`);
  expect(
    (await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })).statusCode,
  ).toBe(200);
  return client;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parlay-ideas-'));
  t = await createTestApp({ roles: 'api', env: { DATA_DIR: dataDir }, clock });
  support = createSupportService({ db: t.deps.db.db, clock, bus: t.deps.bus }, supportStorageAt(dataDir));
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('share an idea', () => {
  it('counts one vote per player, also in parallel, and shows the operator answer', async () => {
    const author = await player();
    const { id } = (await author.post(BASE, { title: 'Dark mode for the slip', text: 'Please' })).json();
    const own = await author.post(`${BASE}/${id}/vote`);
    expect([own.statusCode, own.json().error.code]).toEqual([409, 'IDEA_OWN_VOTE']);
    const voters = await Promise.all([player(), player(), player()]);
    // Each voter sends three votes at once: each counts once.
    const answers = await Promise.all(
      voters.flatMap((v) => [1, 2, 3].map(() => v.post(`${BASE}/${id}/vote`))),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const listed = (await voters[0]!.get(BASE)).json().ideas.find((i: { id: string }) => i.id === id);
    expect(listed).toMatchObject({ votes: 3, votedByMe: true, mine: false, answer: null });
    expect((await author.get(BASE)).json().ideas[0]).toMatchObject({ id, mine: true, votedByMe: false });

    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(await runSupportCommand(support, ['idea-answer', id, 'Coming', 'in', 'May'], out)).toBe(0);
    expect(await runSupportCommand(support, ['ideas'], out)).toBe(0);
    expect(lines.join('\n')).toContain(`idea #${id}\t3 vote(s)\tanswered\tDark mode for the slip`);
    const guest = new TestClient(t.app, '10.19.1.1');
    expect((await guest.get(BASE)).json().ideas[0]).toMatchObject({
      id,
      answer: 'Coming in May',
      votedByMe: false,
    });
    expect(await runSupportCommand(support, ['idea-answer', '999999', 'x'], out)).toBe(1);
  });

  it('limits ideas per day and refuses bad input', async () => {
    const client = await player();
    for (let i = 0; i < IDEAS_PER_DAY; i++)
      expect((await client.post(BASE, { title: `Idea ${i}`, text: '' })).statusCode).toBe(200);
    const tooMany = await client.post(BASE, { title: 'One more', text: '' });
    expect([tooMany.statusCode, tooMany.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    // The clock has not moved since the first idea: a whole day to wait.
    expect(Number(tooMany.headers['retry-after'])).toBe(86_400);
    const cases: [string, string, unknown, number, string][] = [
      ['blank title', BASE, { title: '   ', text: '' }, 400, 'VALIDATION_FAILED'],
      ['long title', BASE, { title: 'x'.repeat(121), text: '' }, 400, 'VALIDATION_FAILED'],
      ['long text', BASE, { title: 't', text: 'x'.repeat(2001) }, 400, 'VALIDATION_FAILED'],
      ['unknown idea', `${BASE}/999999/vote`, {}, 404, 'IDEA_NOT_FOUND'],
      ['bad id', `${BASE}/x/vote`, {}, 400, 'VALIDATION_FAILED'],
    ];
    for (const [name, url, body, status, code] of cases) {
      const res = await client.post(url, body);
      expect([name, res.statusCode, res.json().error?.code]).toEqual([name, status, code]);
    }
    expect((await new TestClient(t.app, '10.19.1.2').post(BASE, { title: 't', text: '' })).statusCode).toBe(
      401,
    );
  });
});
