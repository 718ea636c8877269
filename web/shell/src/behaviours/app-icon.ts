/**
 * The installable web app's icons (coupon-accounts §9: 72, 96, 128, 144, 152, 192, 384, 512 px),
 * drawn at build time from the favicon's shapes (a "P" on the brand blue) and encoded as PNG with
 * node:zlib. Build-time only (web/build.ts); browsers never load this module.
 */
import { crc32, deflateSync } from 'node:zlib';

export const APP_ICON_SIZES = [72, 96, 128, 144, 152, 192, 384, 512] as const;

const BRAND: readonly [number, number, number] = [0x4e, 0xa1, 0xff];
const MARK: readonly [number, number, number] = [0x06, 0x12, 0x1f];
const SAMPLES = 4;

/** Coverage of the mark at a point of the 32-unit design grid (favicon path M10 24V8h7a5 5 0 0 1 0 10h-3v6z). */
function insideMark(x: number, y: number): boolean {
  // The icon is maskable: the mark sits in the central safe zone, scaled from the favicon around its centre.
  const u = 16 + (x - 16) / 0.8;
  const v = 16 + (y - 16) / 0.8;
  if (u >= 10 && u <= 17 && v >= 8 && v <= 18) return true;
  if (u >= 17 && (u - 17) ** 2 + (v - 13) ** 2 <= 25) return true;
  return u >= 10 && u <= 14 && v >= 18 && v <= 24;
}

/** RGBA pixels of one icon: a full-bleed brand square (maskable) with the dark mark. */
export function drawAppIcon(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const scale = 32 / size;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = (px + (sx + 0.5) / SAMPLES) * scale;
          const y = (py + (sy + 0.5) / SAMPLES) * scale;
          if (insideMark(x, y)) covered += 1;
        }
      }
      const share = covered / (SAMPLES * SAMPLES);
      const offset = (py * size + px) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[offset + channel] = Math.round(BRAND[channel]! * (1 - share) + MARK[channel]! * share);
      }
      pixels[offset + 3] = 255;
    }
  }
  return pixels;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A PNG file (8-bit RGBA, no filtering) of `size` × `size` pixels. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0;
    rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

export function appIconPng(size: number): Buffer {
  return encodePng(size, drawAppIcon(size));
}
