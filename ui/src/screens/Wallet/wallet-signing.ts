/**
 * Signing the wallet challenge with a browser wallet through EIP-1193 (MetaMask, Rabby, Brave…):
 * `eth_requestAccounts` to be allowed in, then `personal_sign` of the message as UTF-8 hex with
 * the address the user typed, so the wallet signs with that account or refuses.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The provider a browser wallet injects, if any. */
export function injectedProvider(): Eip1193Provider | undefined {
  const candidate = (globalThis as { ethereum?: Partial<Eip1193Provider> }).ethereum;
  return typeof candidate?.request === 'function' ? (candidate as Eip1193Provider) : undefined;
}

function utf8Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export async function signWithProvider(
  provider: Eip1193Provider,
  message: string,
  address: string,
): Promise<string> {
  await provider.request({ method: 'eth_requestAccounts' });
  const signature = await provider.request({
    method: 'personal_sign',
    params: [utf8Hex(message), address],
  });
  if (typeof signature !== 'string') throw new Error('the wallet returned no signature');
  return signature;
}
