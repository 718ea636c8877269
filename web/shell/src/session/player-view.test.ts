import { describe, expect, it } from 'vitest';
import { displaySettingsFrom } from './player-view.ts';

describe('stored display settings', () => {
  it('puts the stored 12 h clock and hidden panels in the fragment view', () => {
    const body = {
      result: {
        is12h: 1,
        hideLeft: 1,
        hideRight: 0,
        timeZone: 5,
        storedKeys: ['is12h', 'hideLeft', 'timeZone'],
      },
    };
    expect(displaySettingsFrom(body)).toEqual({ timeZone: 5, view: { is12h: 1, hideLeft: 1 } });
  });

  it('leaves settings never stored to the visitor’s cookies', () => {
    const body = { result: { is12h: 0, hideLeft: 0, hideRight: 0, storedKeys: [] } };
    expect(displaySettingsFrom(body)).toEqual({});
    expect(displaySettingsFrom(null)).toBeNull();
  });
});
