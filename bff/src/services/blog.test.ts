import { readFileSync } from 'node:fs';
import { expect, test, vi } from 'vitest';
import { createMemoryLogger } from '../logger.ts';
import { SAMPLE_FEED_PATH, type FeedSource } from '../providers/feed.ts';
import { createBlogService, parseFeed, sanitizeArticleHtml } from './blog.ts';
import { DomainError } from './errors.ts';

const rss = (items: string) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel><title>t</title>${items}</channel>
</rss>`;

test('a malicious feed item keeps its text and loses every active part', () => {
  const [article] = parseFeed(
    rss(`<item>
      <title><![CDATA[Hello <script>alert(1)</script>world]]></title>
      <link>javascript:alert(1)</link>
      <guid>evil-1</guid>
      <dc:creator>Mallory</dc:creator>
      <pubDate>Tue, 10 Nov 2026 10:00:00 GMT</pubDate>
      <content:encoded><![CDATA[
        <p onclick="steal()">Readable text</p>
        <script>document.cookie</script>
        <img src="https://img.example/a.png" onerror="alert(1)" alt="logo">
        <img src="http://img.example/plain.png" alt="insecure">
        <svg onload="alert(1)"><circle r="5"/></svg>
        <a href="javascript:alert(1)">bad link</a>
        <a href="https://brnd.example/ok" target="_blank">good link</a>
        <a href="mailto:hello@brnd.example">mail</a>
        <iframe src="https://evil.example"></iframe>
        <style>body { display: none }</style>
        <p style="color:red">styled</p>
      ]]></content:encoded>
    </item>`),
  );
  const html = article!.content;
  expect(html).toContain('<p>Readable text</p>');
  expect(html).not.toMatch(
    /<script|<svg|<iframe|<style|javascript:|onerror|onclick|onload|style=/i,
  );
  expect(html).not.toContain('document.cookie');
  expect(html).toContain('<img src="https://img.example/a.png" alt="logo" loading="lazy" />');
  expect(html).not.toContain('http://img.example/plain.png');
  expect(html).toContain('<a rel="noopener noreferrer nofollow">bad link</a>');
  expect(html).toContain('href="https://brnd.example/ok"');
  expect(html).not.toContain('target=');
  expect(html).toContain('href="mailto:hello@brnd.example"');
  expect(article!.title).toBe('Hello world');
  expect(article!.link).toBe('');
  expect(article!.creator).toBe('Mallory');
});

test('sanitising drops handlers hidden in odd spellings and protocol-relative images', () => {
  const html = sanitizeArticleHtml(
    '<IMG SRC="//evil.example/x.png" ONERROR=alert(1)><a href="JaVaScRiPt:alert(1)">x</a><a href="data:text/html,hi">y</a>',
  );
  expect(html).not.toMatch(/evil\.example|onerror|javascript|data:/i);
});

test('an RSS 2.0 feed becomes articles, newest first, with ISO dates', () => {
  const articles = parseFeed(
    rss(`
      <item><title>Older &amp; wiser</title><link>https://brnd.example/a</link><guid isPermaLink="true">https://brnd.example/a</guid>
        <author>anna@brnd.example (Anna)</author><pubDate>Mon, 02 Nov 2026 08:00:00 +0100</pubDate>
        <description>&lt;p&gt;Escaped &lt;em&gt;HTML&lt;/em&gt;&lt;/p&gt;</description></item>
      <item><title>2026</title><link>https://brnd.example/b</link><pubDate>Tue, 03 Nov 2026 08:00:00 +0100</pubDate>
        <description>Plain</description></item>`),
  );
  expect(articles.map((article) => article.title)).toEqual(['2026', 'Older & wiser']);
  expect(articles[1]).toEqual({
    id: 'https://brnd.example/a',
    title: 'Older & wiser',
    creator: 'anna@brnd.example (Anna)',
    pubDate: '2026-11-02T07:00:00.000Z',
    content: '<p>Escaped <em>HTML</em></p>',
    link: 'https://brnd.example/a',
  });
  expect(articles[0]?.id).toBe('https://brnd.example/b');
});

test('an Atom feed becomes articles with the alternate link and the authors', () => {
  const articles = parseFeed(`<?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom">
      <title>BRND</title>
      <entry>
        <title type="html">Atom &lt;b&gt;entry&lt;/b&gt;</title>
        <id>urn:uuid:1</id>
        <link rel="self" href="https://brnd.example/self"/>
        <link rel="alternate" href="https://brnd.example/entry"/>
        <author><name>Piotr</name></author>
        <author><name>Anna</name></author>
        <published>2026-11-05T10:00:00Z</published>
        <content type="html">&lt;p&gt;Body&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;</content>
      </entry>
    </feed>`);
  expect(articles).toEqual([
    {
      id: 'urn:uuid:1',
      title: 'Atom entry',
      creator: 'Piotr, Anna',
      pubDate: '2026-11-05T10:00:00.000Z',
      content: '<p>Body</p>',
      link: 'https://brnd.example/entry',
    },
  ]);
});

test('a document that is neither RSS nor Atom is refused', () => {
  expect(() => parseFeed('<html><body>hi</body></html>')).toThrow(/neither RSS 2.0 nor Atom/);
});

test('the bundled sample feed has ten articles with authors and bodies', () => {
  const articles = parseFeed(readFileSync(SAMPLE_FEED_PATH, 'utf8'));
  expect(articles).toHaveLength(10);
  for (const article of articles) {
    expect(article.title).not.toBe('');
    expect(article.creator).not.toBe('');
    expect(article.content).toMatch(/^<p>|^<h/);
  }
});

function countingFeed(xml: () => string): FeedSource & { calls: number } {
  const feed = {
    name: 'test feed',
    calls: 0,
    async fetchXml() {
      feed.calls += 1;
      return xml();
    },
  };
  return feed;
}

const oneItem = (title: string) =>
  rss(`<item><title>${title}</title><pubDate>Mon, 02 Nov 2026 08:00:00 GMT</pubDate></item>`);

test('articles are cached for the TTL, shared by concurrent requests, then refreshed', async () => {
  let clock = 0;
  let title = 'first';
  const feed = countingFeed(() => oneItem(title));
  const blog = createBlogService({
    feed,
    logger: createMemoryLogger(),
    ttlMs: 1_000,
    now: () => clock,
  });
  const [a, b] = await Promise.all([blog.articles(), blog.articles()]);
  expect(a[0]?.title).toBe('first');
  expect(b).toBe(a);
  expect(feed.calls).toBe(1);

  title = 'second';
  clock = 999;
  expect((await blog.articles())[0]?.title).toBe('first');
  clock = 1_000;
  expect((await blog.articles())[0]?.title).toBe('second');
  expect(feed.calls).toBe(2);
});

test('a failed refresh serves the stale copy; a feed that never loaded answers 502', async () => {
  let clock = 0;
  let broken = false;
  const logger = createMemoryLogger();
  const feed = countingFeed(() => {
    if (broken) throw new Error('connection refused');
    return oneItem('kept');
  });
  const blog = createBlogService({ feed, logger, ttlMs: 10, now: () => clock });
  await blog.articles();
  broken = true;
  clock = 50;
  expect((await blog.articles())[0]?.title).toBe('kept');
  expect(logger.entries.some((entry) => entry.message === 'article feed refresh failed')).toBe(
    true,
  );

  const never = createBlogService({
    feed: { name: 'down', fetchXml: vi.fn().mockRejectedValue(new Error('down')) },
    logger,
  });
  const error = await never.articles().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ status: 502, messageId: 'blog.feedError' });
});
