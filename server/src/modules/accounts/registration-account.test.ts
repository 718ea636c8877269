import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';

describe('a new player gets a main account in the registration currency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens the main account at registration and reports has_deposit from payments', async () => {
    const player = new TestClient(t.app, '10.0.0.7');
    const registered = await player.post('/web-api/auth/v1/registration/fast', {
      countryId: 1,
      currency: 'EUR',
    });
    expect(registered.statusCode).toBe(200);
    const accounts = await player.get('/web-api/accounts/v1/accounts');
    expect(accounts.statusCode).toBe(200);
    const list = accounts.json().accounts as {
      iso: string;
      type: number;
      money: string;
      isActive: boolean;
    }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ iso: 'EUR', type: 0, money: '0.00', isActive: true });
    const config = await player.get('/web-api/user/config');
    expect(config.json().result.has_deposit).toBe(false);
  });
});
