import { OutboxMessageSchema, devOutbox, type OutboxMessage } from '@brnd/contracts/api/dev';
import Router from '@koa/router';
import * as v from 'valibot';
import type { Database } from '../db/database.ts';

/** The page is for reading the latest messages; older ones are not worth scrolling to. */
const OUTBOX_LIMIT = 200;

export async function listOutbox(db: Database): Promise<OutboxMessage[]> {
  const rows = await db.models.OutboxMessage.findAll({
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: OUTBOX_LIMIT,
  });
  return v.parse(
    v.array(OutboxMessageSchema),
    rows.map((row) => ({
      channel: row.channel,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: row.createdAt.toISOString(),
    })),
  );
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Escapes the text first, then turns the http(s) URLs in it into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The mail's HTML as its recipient's client shows it: in a sandboxed frame (no scripts, no
 * access to this page), links opening in a new tab.
 */
function htmlFrame(html: string, subject: string): string {
  return `<iframe class="mail" sandbox="allow-popups allow-popups-to-escape-sandbox" title="${escapeHtml(subject)}" srcdoc="${escapeHtml(html.replace('<head>', '<head><base target="_blank">'))}"></iframe>`;
}

export function renderOutboxPage(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (message) => `
    <article>
      <header>
        <span class="channel">${message.channel === 'sms' ? 'SMS' : 'E-mail'}</span>
        <strong>${escapeHtml(message.to)}</strong>
        <time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time>
      </header>
      ${message.subject ? `<h2>${escapeHtml(message.subject)}</h2>` : ''}
      ${
        message.html
          ? `<details open><summary>HTML</summary>${htmlFrame(message.html, message.subject)}</details>
      <details><summary>Text</summary><pre>${linkify(message.text)}</pre></details>`
          : `<pre>${linkify(message.text)}</pre>`
      }
    </article>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>BRND dev outbox</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1.5rem; color: #1a1a2e; }
    article { border: 1px solid #d0d0e0; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
    header { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
    .channel { background: #1a1a2e; color: #fff; border-radius: 4px; padding: 0 0.5rem; font-size: 0.8rem; }
    time { color: #555; font-size: 0.9rem; }
    h2 { font-size: 1.1rem; margin: 0.5rem 0; }
    pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
    a { color: #2a4dd0; }
    iframe.mail { width: 100%; height: 36rem; border: 1px solid #d0d0e0; border-radius: 4px; margin-top: 0.5rem; }
    summary { cursor: pointer; color: #555; }
  </style>
</head>
<body>
  <h1>Dev outbox</h1>
  <p>E-mails and SMS the platform sent, newest first. <a href="">Refresh</a></p>
  ${items || '<p>Nothing sent yet. Register an account and its e-mail appears here.</p>'}
</body>
</html>`;
}

/**
 * Outside production only: what the platform would have delivered, as JSON for tests and as a
 * page for people finishing a registration by hand.
 */
export function devRouter(db: Database): Router {
  const router = new Router();
  router.get(devOutbox.path, async (ctx) => {
    const messages = await listOutbox(db);
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Accept');
    if (ctx.accepts('json', 'html') === 'html') {
      ctx.type = 'html';
      ctx.body = renderOutboxPage(messages);
      return;
    }
    ctx.body = messages;
  });
  return router;
}
