import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import UPNG from 'upng-js';
import { PIXEL_THRESHOLD, colourDelta, compressScreenshot, needsCompressing } from './compress.ts';

const WIDTH = 64;
const HEIGHT = 32;

/** A PNG as Vitest writes a screenshot: 8-bit RGBA, opaque, from a colour per pixel. */
function screenshot(colourAt: (x: number, y: number) => [number, number, number]): Uint8Array {
  const rgba = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      rgba.set([...colourAt(x, y), 255], (y * WIDTH + x) * 4);
    }
  }
  return rgbaPng(rgba);
}

/** The smallest RGBA PNG writer: signature, IHDR (colour type 6), one IDAT, IEND. */
function rgbaPng(rgba: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(HEIGHT * (1 + WIDTH * 4));
  for (let y = 0; y < HEIGHT; y++) {
    rows.set(rgba.subarray(y * WIDTH * 4, (y + 1) * WIDTH * 4), y * (1 + WIDTH * 4) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function pixels(png: Uint8Array): Uint32Array {
  const image = UPNG.decode(png.buffer.slice(png.byteOffset) as ArrayBuffer);
  return new Uint32Array(UPNG.toRGBA8(image)[0]!);
}

const forgiven = 35215 * PIXEL_THRESHOLD * PIXEL_THRESHOLD;

describe('visual baselines are stored small and still compare as captured', () => {
  test('a screen of few colours is stored indexed, every pixel exactly as captured', () => {
    const png = screenshot((x, y) => ((x + y) % 3 === 0 ? [91, 63, 214] : [255, 255, 255]));
    expect(needsCompressing(png)).toBe(true);
    const stored = compressScreenshot(png);
    expect(stored.kind).toBe('indexed');
    expect(needsCompressing(stored.png)).toBe(false);
    expect(pixels(stored.png)).toEqual(pixels(png));
  });

  test('a gradient gets a palette of its own, no pixel moved past half of what the comparison forgives', () => {
    const png = screenshot((x, y) => [x * 4, y * 8, 200]);
    const stored = compressScreenshot(png);
    expect(stored.kind).toBe('indexed, palette chosen');
    expect(stored.png.byteLength).toBeLessThan(png.byteLength);
    const before = pixels(png);
    const after = pixels(stored.png);
    for (let index = 0; index < before.length; index++) {
      expect(colourDelta(before[index]!, after[index]!)).toBeLessThanOrEqual(forgiven / 2);
    }
  });

  test('noise that no palette can hold within the bound is stored losslessly', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >>> 16) & 255;
    };
    const png = screenshot(() => [next(), next(), next()]);
    const stored = compressScreenshot(png);
    expect(stored.kind).toBe('rgb');
    expect(pixels(stored.png)).toEqual(pixels(png));
  });
});
