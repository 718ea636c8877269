import { describe, expect, it } from 'vitest';
import { platformOf, platformOrder } from './platform.ts';

describe('install platform', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1',
      5,
      'ios',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15', 5, 'ios'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      5,
      'ios',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      0,
      'desktop',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
      5,
      'android',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36', 0, 'desktop'],
  ] as const)('%s (%i touch points) → %s', (ua, touch, platform) => {
    expect(platformOf(ua, touch)).toBe(platform);
  });

  it('puts the visitor’s platform first and keeps the others', () => {
    expect(platformOrder('android')).toEqual(['android', 'ios', 'desktop']);
    expect(platformOrder(null)).toEqual(['ios', 'android', 'desktop']);
  });
});
