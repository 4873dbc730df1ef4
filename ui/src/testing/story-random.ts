/**
 * The randomness every story draws (decision 053). The mocks make transaction hashes, ids,
 * addresses and codes with `crypto.getRandomValues` and `crypto.randomUUID`; drawn for real, a
 * story showed a different hash on every run, so its screenshot could not be compared.
 *
 * Importing this module replaces both with a seeded generator: .storybook/preview.tsx imports it
 * first, with the story clock, and starts the sequence over before each story. Nothing a story
 * renders is a secret.
 */

const SEED = 0x5eed_b12d;
let state = SEED;

/** mulberry32: small, fast, and the same sequence in every browser. */
function nextUint32(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (t ^ (t >>> 14)) >>> 0;
}

function getRandomValues<T extends ArrayBufferView | null>(array: T): T {
  if (!array) return array;
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let index = 0; index < bytes.length; index++) bytes[index] = nextUint32() & 0xff;
  return array;
}

function randomUUID(): `${string}-${string}-${string}-${string}-${string}` {
  const bytes = getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

Object.defineProperty(globalThis.crypto, 'getRandomValues', { value: getRandomValues });
Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID });

/** Back to the seed: each story draws the same values whatever ran before it. */
export function resetStoryRandom(): void {
  state = SEED;
}
