import { describe, expect, it } from 'vitest';
import { offersDevProvider } from './social-providers.ts';

const listed = (...names: string[]) => ({
  ok: true as const,
  status: 200,
  data: {
    providers: names.map((name) => ({ name, authorizeUrl: name === 'dev' ? '/dev-idp/authorize' : null })),
  },
});

describe('the development sign-in button', () => {
  it('is offered only when the server lists the development provider for this browser', () => {
    expect(offersDevProvider(listed('dev'))).toBe(true);
    expect(offersDevProvider(listed('google', 'dev'))).toBe(true);
    // DEV_TOOLS off, or a browser not on the server's machine: the server leaves it out.
    expect(offersDevProvider(listed())).toBe(false);
    expect(offersDevProvider(listed('google'))).toBe(false);
  });

  it('is not offered when the list cannot be had', () => {
    expect(
      offersDevProvider({ ok: false, status: 404, error: { code: 'ROUTE_NOT_FOUND', message: '' } }),
    ).toBe(false);
    expect(offersDevProvider({ ok: false, status: null, error: null })).toBe(false);
  });
});
