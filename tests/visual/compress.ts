/**
 * Baselines are committed, and every update is a new blob in the repository's history, so each
 * image is stored small (decision 053): Vitest writes 8-bit RGBA; this rewrites it as
 * - an indexed PNG, losslessly, when it has at most 256 colours (most screens: text is drawn
 *   without anti-aliasing, see config.ts);
 * - an indexed PNG of 256 colours chosen for it, when every pixel's new colour stays within half
 *   of the distance the comparison tolerates (gradients, shadows, pictures): an unchanged
 *   screen still matches, and a change the comparison would see is still seen;
 * - otherwise, as lossless RGB.
 */
import UPNG from 'upng-js';

/** pixelmatch's per-pixel colour threshold, the comparison's (config.ts); 0.1 is its default. */
export const PIXEL_THRESHOLD = 0.1;
/** pixelmatch's largest YIQ distance, between black and white. */
const MAX_YIQ_DELTA = 35215;
/** How far a pixel may move when the palette is chosen: half of what the comparison forgives. */
const MAX_PALETTE_DELTA = (MAX_YIQ_DELTA * PIXEL_THRESHOLD * PIXEL_THRESHOLD) / 2;

const RGBA_COLOUR_TYPE = 6;

// upng-js 2.1.0 quantizes a list of frames; its published types still describe a single buffer.
const quantize = UPNG.quantize as unknown as (
  frames: ArrayBuffer[],
  colours: number,
) => { plte: { est: { rgba: number } }[] };

/** pixelmatch's colour distance (YIQ, squared) between two opaque colours, as 0xAABBGGRR. */
export function colourDelta(a: number, b: number): number {
  const r1 = a & 255, g1 = (a >>> 8) & 255, b1 = (a >>> 16) & 255; // prettier-ignore
  const r2 = b & 255, g2 = (b >>> 8) & 255, b2 = (b >>> 16) & 255; // prettier-ignore
  const y = (r1 - r2) * 0.29889531 + (g1 - g2) * 0.58662247 + (b1 - b2) * 0.11448223;
  const i = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.2741761 - (b1 - b2) * 0.32180189;
  const q = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/** True for a PNG as Vitest writes it (RGBA), false for one this module already wrote. */
export function needsCompressing(png: Uint8Array): boolean {
  // The IHDR chunk comes first: 8 bytes of signature, 8 of chunk header, then width, height,
  // bit depth and the colour type at byte 25.
  return png[25] === RGBA_COLOUR_TYPE;
}

export interface Compressed {
  png: Uint8Array;
  kind: 'indexed' | 'indexed, palette chosen' | 'rgb';
}

export function compressScreenshot(png: Uint8Array): Compressed {
  const image = UPNG.decode(toArrayBuffer(png));
  const [rgba] = UPNG.toRGBA8(image);
  if (!rgba) throw new Error('A baseline PNG without pixels');
  const { width, height } = image;
  const pixels = new Uint32Array(rgba);
  if (countColours(pixels, 257) <= 256) {
    return { png: new Uint8Array(UPNG.encode([rgba], width, height, 0)), kind: 'indexed' };
  }
  const palette = quantize([rgba.slice(0)], 256).plte.map((leaf) => leaf.est.rgba >>> 0);
  const mapped = mapToPalette(pixels, palette);
  if (mapped) {
    const png = UPNG.encode([mapped.buffer as ArrayBuffer], width, height, 0);
    return { png: new Uint8Array(png), kind: 'indexed, palette chosen' };
  }
  return { png: new Uint8Array(UPNG.encode([rgba], width, height, 0)), kind: 'rgb' };
}

function countColours(pixels: Uint32Array, stopAt: number): number {
  const colours = new Set<number>();
  for (const pixel of pixels) {
    colours.add(pixel);
    if (colours.size >= stopAt) break;
  }
  return colours.size;
}

/** Each pixel as its nearest palette colour, or null when one would move too far. */
function mapToPalette(pixels: Uint32Array, palette: number[]): Uint32Array | null {
  const nearest = new Map<number, number>();
  const mapped = new Uint32Array(pixels.length);
  for (let index = 0; index < pixels.length; index++) {
    const pixel = pixels[index]!;
    let colour = nearest.get(pixel);
    if (colour === undefined) {
      let best = Infinity;
      for (const candidate of palette) {
        const delta = colourDelta(pixel, candidate);
        if (delta < best) [best, colour] = [delta, candidate];
      }
      if (colour === undefined || best > MAX_PALETTE_DELTA) return null;
      nearest.set(pixel, colour);
    }
    mapped[index] = colour;
  }
  return mapped;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
