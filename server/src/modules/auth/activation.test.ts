/**
 * Activation by the e-mail link (/user/activatefast/activate?user=&code=), the user config's
 * verification fields read from the verification service's profile, and which global settings the
 * player stored (storedKeys: the shell applies those on the server render).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { lastMessage, registerFullPlayer, TestClient } from '../../testing/test-client.ts';

let t: TestApp;
let ipCounter = 0;
const client = () => {
  ipCounter += 1;
  return new TestClient(t.app, `10.7.0.${ipCounter}`);
};

const registerFull = (email: string) => registerFullPlayer(client(), email, { lang: 'en' });

/** The link of the newest confirmation e-mail: its user and code. */
async function mailedLink(email: string): Promise<{ userId: number; code: string }> {
  const body = (await lastMessage(t.app, email)).body;
  const match = /\/en\/user\/activatefast\/activate\?user=(\d+)&code=(\d{6})/.exec(body);
  if (!match) throw new Error(`no activation link in: ${body}`);
  return { userId: Number(match[1]), code: match[2]! };
}

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on' } });
});
afterAll(async () => {
  await t.close();
});

describe('activation by link', () => {
  it('confirms the e-mail without a sign-in, once, and refuses a wrong code', async () => {
    const { c, userId } = await registerFull('link@example.com');
    const link = await mailedLink('link@example.com');
    expect(link.userId).toBe(userId);
    const stranger = client();
    const wrong = await stranger.post('/web-api/auth/v1/activation/link', {
      userId,
      code: link.code === '000000' ? '111111' : '000000',
    });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'WRONG_CODE']);
    const ok = await stranger.post('/web-api/auth/v1/activation/link', link);
    expect(ok.json()).toEqual({ result: true, email: 'link@example.com' });
    const again = await stranger.post('/web-api/auth/v1/activation/link', link);
    expect(again.json().error.code).toBe('WRONG_CODE');
    const config = (await c.get('/web-api/user/config')).json().result;
    expect(config.is_email_confirmed).toBe(true);
    expect(config.remaining_days_to_activate).toBeNull();
  });

  it('sends a link with the code of a changed address too', async () => {
    const { c, userId } = await registerFull('first@example.com');
    const sent = await c.post('/web-api/auth/v1/contacts/email', { email: 'first@example.com', lang: 'en' });
    expect(sent.json()).toEqual({ result: true });
    const link = await mailedLink('first@example.com');
    expect(link.userId).toBe(userId);
    expect((await client().post('/web-api/auth/v1/activation/link', link)).statusCode).toBe(200);
  });

  it('rejects malformed links before reading anything', async () => {
    const res = await client().post('/web-api/auth/v1/activation/link', { userId: 1, code: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('user config verification fields', () => {
  it('reads the verification profile and the site verification types', async () => {
    const { c, userId } = await registerFull('verify@example.com');
    const before = (await c.get('/web-api/user/config')).json().result;
    expect(before).toMatchObject({
      verification_status: 1,
      user_status_id: 0,
      verification_status_group_code: 'not_verified',
      requested_additional_document: false,
      verification_types: ['documents'],
    });
    await t.deps.db.db
      .insertInto('verification_profiles')
      .values({
        user_id: BigInt(userId),
        verification_status: 1,
        user_status_id: 1,
        verification_status_group_code: 'additional_document',
        requested_additional_document: true,
        updated_at: new Date(),
      })
      .execute();
    const pending = (await c.get('/web-api/user/config')).json().result;
    expect(pending).toMatchObject({
      verification_status: 1,
      user_status_id: 1,
      verification_status_group_code: 'additional_document',
      requested_additional_document: true,
    });
    await t.deps.db.db
      .updateTable('verification_profiles')
      .set({ verification_status: 2, user_status_id: 0, verification_status_group_code: 'verified' })
      .where('user_id', '=', BigInt(userId))
      .execute();
    const verified = (await c.get('/web-api/user/config')).json().result;
    expect(verified).toMatchObject({ verification_status: 2, verification_status_group_code: 'verified' });
  });
});

describe('stored global settings', () => {
  it('names the settings the player set, so defaults stay the browser’s', async () => {
    const { c } = await registerFull('settings@example.com');
    const fresh = (await c.get('/web-api/user/settings')).json().result;
    expect(fresh.storedKeys).toEqual([]);
    const put = await c.call('PUT', '/web-api/user/settings', { appTheme: 0, coefViewId: 2 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().result).toMatchObject({ appTheme: 0, coefViewId: 2 });
    expect([...put.json().result.storedKeys].sort()).toEqual(['appTheme', 'coefViewId']);
  });
});
