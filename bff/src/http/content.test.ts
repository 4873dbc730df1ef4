import { blog } from '@brnd/contracts/api/blog';
import { contact, newsletter } from '@brnd/contracts/api/content';
import { site } from '@brnd/contracts/api/site';
import {
  CONTACT_MESSAGES_PER_IP,
  NEWSLETTER_SIGNUPS_PER_IP,
} from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call } from '../testing/http.ts';
import { DEFAULT_SITE_CONFIG } from '../services/site.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ trustProxy: true, operatorEmail: 'ops@brnd.example' });
});
afterAll(() => app.close());

const message = {
  contactName: 'Jan Kowalski',
  contactEmail: 'Jan@Sklep.example',
  contactWebsite: 'https://sklep.pl',
  contactCountry: 'Poland',
  contactAnything: 'We would like to issue a token for our shop.',
};

function from(ip: string) {
  return { json: true, headers: { 'x-forwarded-for': ip } };
}

test('visitor can send the contact form: it is stored and mailed to the operator', async () => {
  const answer = await call(app.baseUrl, contact, { body: message, ...from('10.0.0.1') });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ message: 'success' });

  const [stored] = await app.db.query<{ email: string; text: string; mailed_at: Date | null }>(
    'SELECT email, text, mailed_at FROM contact_messages',
  );
  expect(stored).toMatchObject({ email: 'jan@sklep.example', text: message.contactAnything });
  expect(stored?.mailed_at).not.toBeNull();

  const outbox = await app.db.models.OutboxMessage.findAll();
  const mail = outbox.find((item) => item.to === 'ops@brnd.example');
  expect(mail?.subject).toBe('Contact form: Jan Kowalski (Poland)');
  expect(mail?.text).toContain('Website: https://sklep.pl');
  expect(mail?.text).toContain(message.contactAnything);
});

test('the contact form refuses each invalid field with the spec message', async () => {
  const answer = await call(app.baseUrl, contact, {
    body: {
      contactName: '',
      contactEmail: 'nope',
      contactWebsite: 'not a site',
      contactCountry: 'Select',
      contactAnything: ' ',
    },
    ...from('10.0.0.2'),
  });
  expect(answer.status).toBe(400);
  expect(answer.error?.errors).toEqual({
    contactName: 'validation.contactName',
    contactEmail: 'validation.contactEmail',
    contactWebsite: 'validation.contactWebsite',
    contactCountry: 'validation.contactCountry',
    contactAnything: 'validation.contactAnything',
  });
  expect(answer.error?.message).toBe('Invalid Your name');
});

test('one IP sending too many messages gets 429 with Retry-After; another IP does not', async () => {
  for (let sent = 0; sent < CONTACT_MESSAGES_PER_IP; sent += 1) {
    const answer = await call(app.baseUrl, contact, { body: message, ...from('10.0.0.3') });
    expect(answer.status).toBe(200);
  }
  const refused = await call(app.baseUrl, contact, { body: message, ...from('10.0.0.3') });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused.error?.messageId).toBe('errors.tooManyAttempts');

  const other = await call(app.baseUrl, contact, { body: message, ...from('10.0.0.4') });
  expect(other.status).toBe(200);
});

test('visitor can read the blog: the bundled sample feed, sanitised, newest first', async () => {
  const answer = await call(app.baseUrl, blog);
  expect(answer.status).toBe(200);
  const articles = answer.data?.articles ?? [];
  expect(articles).toHaveLength(10);
  const dates = articles.map((article) => article.pubDate);
  expect([...dates].sort().reverse()).toEqual(dates);
  expect(articles[0]).toMatchObject({ title: 'Why brand loyalty tokens beat points cards' });
});

test('the blog answers 502 with a message when the feed never loads', async () => {
  const broken = await startTestApp({
    feed: {
      name: 'down',
      fetchXml: () => Promise.reject(new Error('connection refused')),
    },
  });
  try {
    const answer = await call(broken.baseUrl, blog);
    expect(answer.status).toBe(502);
    expect(answer.error?.messageId).toBe('blog.feedError');
    expect(answer.error?.message).not.toBe('blog.feedError');
  } finally {
    await broken.close();
  }
});

test('visitor gets the site configuration', async () => {
  const answer = await call(app.baseUrl, site);
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual(DEFAULT_SITE_CONFIG);
});

test('the content security policy allows the configured job board script and no other', async () => {
  const app = await startTestApp({
    site: { ...DEFAULT_SITE_CONFIG, jobBoardScriptUrl: 'https://jobs.example.com/embed.js' },
  });
  try {
    const response = await fetch(`${app.baseUrl}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' https://jobs.example.com;");
  } finally {
    await app.close();
  }
});

test('the ICO newsletter keeps each address once, refuses an empty one with the spec message, and is rate-limited', async () => {
  const subscribers = () =>
    app.db.query<{ email: string }>('SELECT email FROM newsletter_subscribers ORDER BY email');
  for (const email of ['Fan@Example.com', 'fan@example.com ']) {
    const answer = await call(app.baseUrl, newsletter, { body: { email }, ...from('10.0.1.1') });
    expect(answer.data).toEqual({ message: 'success' });
  }
  expect(await subscribers()).toEqual([{ email: 'fan@example.com' }]);

  const empty = await call(app.baseUrl, newsletter, { body: { email: ' ' }, ...from('10.0.1.1') });
  expect(empty.status).toBe(400);
  expect(empty.error?.message).toBe('Please write your email!');

  for (let sent = 0; sent < NEWSLETTER_SIGNUPS_PER_IP; sent += 1) {
    const email = `reader${sent}@example.com`;
    await call(app.baseUrl, newsletter, { body: { email }, ...from('10.0.1.2') });
  }
  const refused = await call(app.baseUrl, newsletter, {
    body: { email: 'one-more@example.com' },
    ...from('10.0.1.2'),
  });
  expect(refused.status).toBe(429);
  expect(await subscribers()).toHaveLength(1 + NEWSLETTER_SIGNUPS_PER_IP);
});
