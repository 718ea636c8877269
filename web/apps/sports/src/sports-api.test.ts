import type { ApiFetch } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import { loadSports, parseSportsResponse, sportsPath } from './sports-api.ts';

const football = { id: 1, slug: 'football', name: 'Football', position: 1, icon: '⚽' };
const tennis = { id: 2, slug: 'tennis', name: 'Tennis', position: 0, icon: '🎾' };

function answering(status: number, body: unknown): ApiFetch & { paths: string[] } {
  const paths: string[] = [];
  const api = async (path: string) => {
    paths.push(path);
    return { status, json: async () => body };
  };
  return Object.assign(api, { paths });
}

describe('parseSportsResponse', () => {
  it('orders sports by position and drops unknown fields', () => {
    expect(parseSportsResponse({ data: [{ ...football, extra: true }, tennis] })).toEqual([tennis, football]);
  });

  it.each([
    null,
    [],
    {},
    { data: {} },
    { data: [{ ...football, id: '1' }] },
    { data: [{ ...football, name: undefined }] },
    { data: [{ ...football, position: Number.NaN }] },
  ])('rejects %j', (body) => {
    expect(parseSportsResponse(body)).toBeNull();
  });

  it('accepts an empty list', () => {
    expect(parseSportsResponse({ data: [] })).toEqual([]);
  });
});

describe('loadSports', () => {
  it('asks for the sports in the page language', async () => {
    const api = answering(200, { data: [football] });
    expect(await loadSports(api, 'en')).toEqual({ ok: true, sports: [football] });
    expect(api.paths).toEqual([sportsPath('en')]);
    expect(sportsPath('en')).toBe('/web-api/sportsbook/v1/sports?lang=en');
  });

  it('reports the status of a failed call', async () => {
    expect(await loadSports(answering(404, { message: 'Not Found' }), 'ru')).toEqual({
      ok: false,
      status: 404,
    });
    expect(await loadSports(answering(200, { data: 'x' }), 'ru')).toEqual({ ok: false, status: 200 });
  });

  it('reports a network failure without a status', async () => {
    const api: ApiFetch = async () => {
      throw new Error('ECONNREFUSED');
    };
    expect(await loadSports(api, 'ru')).toEqual({ ok: false, status: null });
  });
});
