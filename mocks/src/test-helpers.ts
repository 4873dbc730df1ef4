import { beforeAll, afterAll, afterEach } from 'vitest';
import { createApiClient, type ApiClient } from '@brnd/contracts/api/client';
import type { Endpoint, EndpointInput, EndpointResponse } from '@brnd/contracts/api/endpoint';
import { ApiError } from '@brnd/contracts/api/errors';
import { devOutbox, smsCodeFrom, verificationCodeFrom } from '@brnd/contracts/api/dev';
import { createMockServer } from './node.ts';
import { demoSeed, type FakeSeed } from './seed.ts';

export const BASE_URL = 'http://mock.test';

/**
 * A mock server over its own fake with a clock the test moves, listening for the whole file,
 * back to the seed after each test. Calls go through the contracts client, so every answer is
 * checked against the contract on the way in.
 */
export function useMockApi(seed: FakeSeed = demoSeed) {
  const clock = { now: Date.parse('2025-03-10T10:00:00Z') };
  const { server, fake } = createMockServer(seed, {
    appUrl: 'http://app.test',
    now: () => clock.now,
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    clock.now = Date.parse('2025-03-10T10:00:00Z');
    fake.reset();
  });
  afterAll(() => server.close());

  const client = (token?: string): ApiClient =>
    createApiClient({ baseUrl: BASE_URL, getToken: () => token });

  return {
    server,
    fake,
    clock,
    advance(ms: number) {
      clock.now += ms;
    },
    client,
    call<E extends Endpoint>(
      endpoint: E,
      input?: EndpointInput<E>,
      token?: string,
    ): Promise<EndpointResponse<E>> {
      return client(token).call(endpoint, input);
    },
    /** The ApiError a call fails with (the test fails if it succeeds). */
    async failure<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>, token?: string) {
      try {
        await client(token).call(endpoint, input);
      } catch (error) {
        if (error instanceof ApiError) return error;
        throw error;
      }
      throw new Error(`${endpoint.id} was expected to fail but succeeded`);
    },
    async outbox() {
      return client().call(devOutbox);
    },
    async latestVerificationCode(email: string) {
      const messages = await client().call(devOutbox);
      const mail = messages.find((message) => message.channel === 'email' && message.to === email);
      const code = mail && verificationCodeFrom(mail.text);
      if (!code) throw new Error(`No verification e-mail for ${email}`);
      return code;
    },
    async latestSmsCode(mobile: string) {
      const messages = await client().call(devOutbox);
      const sms = messages.find((message) => message.channel === 'sms' && message.to === mobile);
      const code = sms && smsCodeFrom(sms.text);
      if (!code) throw new Error(`No SMS for ${mobile}`);
      return code;
    },
  };
}
