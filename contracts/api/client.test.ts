// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { createApiClient } from './client.ts';
import { createApiTransport } from './transport.ts';
import { ApiError, isEndpointError } from './errors.ts';
import { login, profile, signup } from './accounts.ts';
import { contact } from './content.ts';
import { topRatedBrands } from './brand-listings.ts';
import { addBrand, brandDetails, createBrand, vote } from './brands.ts';
import { downloadVerificationDocument } from './admin-verification.ts';
import { attachmentDisposition } from './files.ts';

/** A fetch that records the request and answers with the given response. */
function recordingFetch(answer: () => Response) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push(new Request(input, init));
    return answer();
  };
  return { fetch, requests };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

const okMessage = () => json({ message: 'success' });

describe('request encoding', () => {
  test('form rows are sent form-urlencoded', async () => {
    const { fetch, requests } = recordingFetch(() =>
      json({ message: 'Auth Success!', token: 't', email: 'a@b.co', mobile: '+48', name: 'A' }),
    );
    await createApiClient({ baseUrl: 'http://api.test', fetch }).call(login, {
      body: { email: 'ada@example.com', password: 'Demo123!x' },
    });
    const [request] = requests;
    expect(request?.url).toBe('http://api.test/api/user/login');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await request?.text()).toBe('email=ada%40example.com&password=Demo123%21x');
  });

  test('undefined fields are left out of a form body', async () => {
    const { fetch, requests } = recordingFetch(() =>
      json({ message: 'success', referral_code: 'K7Q2M9XD' }, { status: 201 }),
    );
    await createApiClient({ baseUrl: 'http://api.test', fetch }).call(signup, {
      body: {
        name: 'Ada',
        mobile: '+48601234567',
        email: 'ada@example.com',
        password: 'Demo123!x',
        referral_code: undefined,
      },
    });
    const sent = new URLSearchParams(await requests[0]?.text());
    expect([...sent.keys()]).toEqual(['name', 'mobile', 'email', 'password']);
  });

  test('JSON rows are sent as JSON', async () => {
    const { fetch, requests } = recordingFetch(okMessage);
    const body = {
      contactName: 'Ada',
      contactEmail: 'ada@example.com',
      contactWebsite: 'amberline.shop',
      contactCountry: 'Poland',
      contactAnything: 'Hello',
    };
    await createApiClient({ baseUrl: 'http://api.test', fetch }).call(contact, { body });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]?.json()).toEqual(body);
  });

  test('multipart rows carry files and let fetch set the boundary', async () => {
    const { fetch, requests } = recordingFetch(() => json({ message: 'success' }, { status: 500 }));
    const logo = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await createApiClient({ baseUrl: 'http://api.test', fetch })
      .call(createBrand, {
        body: {
          name: 'Amberline',
          website: 'amberline.shop',
          description: 'Amber jewellery',
          industry: 'e-commerce',
          token_ticker: 'AMB',
          no_of_employees: '12',
          address1: 'ul. Długa 1',
          city: 'Gdańsk',
          state: 'pomorskie',
          postal_code: '80-831',
          country: 'Poland',
          operating_address: 'ul. Długa 1, Gdańsk',
          image: logo,
        },
      })
      .catch(() => undefined);
    const request = requests[0];
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request!.formData();
    expect(form.get('token_ticker')).toBe('AMB');
    const image = form.get('image');
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe('logo.svg');
  });

  test('GET rows have no body; path parameters are encoded and the query is appended', async () => {
    const { fetch, requests } = recordingFetch(() => json({ brands: { rows: [] } }));
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    await client.call(brandDetails, { params: { brandId: '7/../1' } });
    await client.call(topRatedBrands, { query: { limit: 50 } });
    expect(requests[0]?.url).toBe('http://api.test/api/brands/details/7%2F..%2F1');
    expect(requests[0]?.body).toBeNull();
    expect(requests[1]?.url).toBe('http://api.test/api/brands/toprated?limit=50');
  });
});

describe('bearer token', () => {
  const user = {
    user: { name: 'Ada', email: 'a@b.co', mobile: '+48', address: 'Gdańsk', language: 'po' },
  };

  test('is sent when a token exists and the endpoint takes one', async () => {
    const { fetch, requests } = recordingFetch(() => json(user));
    await createApiClient({ baseUrl: 'http://api.test', fetch, getToken: () => 'tok' }).call(
      profile,
    );
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  test('is sent to endpoints where it is optional', async () => {
    const { fetch, requests } = recordingFetch(() => json({ brands: { rows: [] } }));
    await createApiClient({ baseUrl: 'http://api.test', fetch, getToken: () => 'tok' }).call(
      topRatedBrands,
    );
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  test('is not sent without a token', async () => {
    const { fetch, requests } = recordingFetch(() => json(user));
    await createApiClient({ baseUrl: 'http://api.test', fetch, getToken: () => undefined }).call(
      profile,
    );
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  test('is not sent to endpoints with auth none', async () => {
    const { fetch, requests } = recordingFetch(() =>
      json({ message: 'success', referral_code: 'K7Q2M9XD' }, { status: 201 }),
    );
    await createApiClient({ baseUrl: 'http://api.test', fetch, getToken: () => 'tok' }).call(
      signup,
      {
        body: { name: 'Ada', mobile: '+48601234567', email: 'a@b.co', password: 'Demo123!x' },
      },
    );
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });
});

describe('answers', () => {
  test('a non-2xx answer throws ApiError with status, messageId and field errors', async () => {
    const { fetch } = recordingFetch(() =>
      json(
        {
          message: 'Invalid e-mail address',
          messageId: 'validation.email',
          errors: { email: 'validation.email' },
        },
        { status: 400 },
      ),
    );
    const error = await createApiClient({ baseUrl: 'http://api.test', fetch })
      .call(login, { body: { email: 'x', password: 'y' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('Invalid e-mail address');
    expect(apiError.body.messageId).toBe('validation.email');
    expect(apiError.body.errors).toEqual({ email: 'validation.email' });
  });

  test('a 429 exposes Retry-After in seconds', async () => {
    const { fetch } = recordingFetch(() =>
      json(
        { message: 'Too many attempts.', messageId: 'errors.tooManyAttempts' },
        { status: 429, headers: { 'retry-after': '120' } },
      ),
    );
    const error = (await createApiClient({ baseUrl: 'http://api.test', fetch })
      .call(login, { body: { email: 'a@b.co', password: 'y' } })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(120);
  });

  test('an error without the error shape becomes a generic server error', async () => {
    const { fetch } = recordingFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const error = (await createApiClient({ baseUrl: 'http://api.test', fetch })
      .call(profile)
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body.messageId).toBe('errors.server');
  });

  test('a success that breaks the response schema is an error, not data', async () => {
    const { fetch } = recordingFetch(() => json({ user: { name: 'Ada' } }));
    const error = (await createApiClient({ baseUrl: 'http://api.test', fetch })
      .call(profile)
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.body.messageId).toBe('errors.server');
    expect(error.message).toContain('profile');
  });

  test('without a validator (the production browser) an answer is taken as the bff sent it', async () => {
    // The bff validates every answer against the contract before sending it (decision 050).
    const { fetch } = recordingFetch(() => json({ user: { name: 'Ada' } }));
    const answer = await createApiTransport({ baseUrl: 'http://api.test', fetch }).call(profile);
    expect(answer).toEqual({ user: { name: 'Ada' } });
  });

  test('without a validator errors still carry their message id, and non-errors stay generic', async () => {
    const answers = [
      json({ message: 'Nope', messageId: 'errors.invalidCredentials' }, { status: 401 }),
      new Response('<html>Bad gateway</html>', { status: 502 }),
    ];
    const { fetch } = recordingFetch(() => answers.shift()!);
    const transport = createApiTransport({ baseUrl: 'http://api.test', fetch });
    const refused = (await transport.call(profile).catch((caught: unknown) => caught)) as ApiError;
    expect(refused.body.messageId).toBe('errors.invalidCredentials');
    const gateway = (await transport.call(profile).catch((caught: unknown) => caught)) as ApiError;
    expect(gateway.status).toBe(502);
    expect(gateway.body.messageId).toBe('errors.server');
  });

  test('a valid success returns the parsed body with defaults applied', async () => {
    const row = {
      id: 1,
      name: 'Amberline',
      website: 'amberline.shop',
      description: 'Amber jewellery',
      image_url: '',
      votes: null,
      industry: null,
      token_ticker: null,
      no_of_employees: null,
      address1: null,
      city: null,
      state: null,
      postal_code: null,
      country: null,
      operating_address: null,
      referral_code: null,
      facebook: null,
      twitter: null,
      instagram: null,
      linkedin: null,
    };
    const { fetch } = recordingFetch(() => json({ brands: { rows: [row] } }));
    const answer = await createApiClient({ baseUrl: 'http://api.test', fetch }).call(
      topRatedBrands,
    );
    expect(answer.brands.rows[0]).toMatchObject({ votes: null, voted: 0, can_vote: '1' });
  });

  test('a network failure throws ApiError with status 0', async () => {
    const fetch: typeof globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = (await createApiClient({ baseUrl: 'http://api.test', fetch })
      .call(profile)
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.body.messageId).toBe('errors.network');
  });
});

describe('file answers', () => {
  test('a file endpoint answers its bytes, type and name; its errors stay JSON', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7');
    const { fetch } = recordingFetch(
      () =>
        new Response(pdf, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': attachmentDisposition('Odpis KRS.pdf'),
          },
        }),
    );
    const client = createApiClient({ baseUrl: 'http://api.test', fetch, getToken: () => 't' });
    const file = await client.call(downloadVerificationDocument, { params: { documentId: 3 } });
    expect(file).toEqual({
      file_name: 'Odpis KRS.pdf',
      content_type: 'application/pdf',
      bytes: pdf,
    });

    const refused = recordingFetch(() =>
      json(
        { message: 'Only operators can do this.', messageId: 'errors.forbidden' },
        { status: 403 },
      ),
    );
    await expect(
      createApiClient({ baseUrl: 'http://api.test', fetch: refused.fetch }).call(
        downloadVerificationDocument,
        { params: { documentId: 3 } },
      ),
    ).rejects.toMatchObject({ status: 403, body: { messageId: 'errors.forbidden' } });
  });
});

describe('declared errors (decision 051)', () => {
  const limitAnswer = () =>
    json(
      {
        message: 'You have used your limit of 10 votes. You can vote again in 3 hours.',
        messageId: 'errors.voteLimit',
        values: { voteLimit: 10, timeInHours: 3 },
      },
      { status: 429, headers: { 'retry-after': '10800' } },
    );

  async function failureOf(answer: () => Response, transport = createApiClient) {
    const { fetch } = recordingFetch(answer);
    return transport({ baseUrl: 'http://api.test', fetch })
      .call(vote, { body: { brand_id: 7 } })
      .catch((error: unknown) => error);
  }

  test('the client names an error by its endpoint’s declared kind and types its values', async () => {
    for (const transport of [createApiClient, createApiTransport]) {
      const error = await failureOf(limitAnswer, transport);
      expect(isEndpointError(error, vote, 'voteLimit')).toBe(true);
      expect(isEndpointError(error, vote, 'alreadyVoted')).toBe(false);
      // Another endpoint's kind of the same name is not this one.
      expect(isEndpointError(error, addBrand, 'unauthorized')).toBe(false);
      if (isEndpointError(error, vote, 'voteLimit')) {
        const hours: number = error.body.values.timeInHours;
        expect(hours).toBe(3);
      }
    }
  });

  test('an answer the endpoint does not declare has no kind', async () => {
    const error = await failureOf(() =>
      json({ message: 'Payment required', messageId: 'errors.payment' }, { status: 402 }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).declared).toBeUndefined();
    const server = await failureOf(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect((server as ApiError).declared).toBeUndefined();
  });

  test('a 400 is the validation kind whatever its first field’s message', async () => {
    const error = await failureOf(() =>
      json(
        {
          message: 'This field is required.',
          messageId: 'validation.required',
          errors: { brand_id: 'validation.required' },
        },
        { status: 400 },
      ),
    );
    expect(isEndpointError(error, vote, 'validation')).toBe(true);
  });
});
