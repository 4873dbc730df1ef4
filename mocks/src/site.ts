import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { englishMessage } from '@brnd/locales/messages';
import { site, type SiteConfig } from '@brnd/contracts/api/site';
import type { ErrorResponse } from '@brnd/contracts/api/errors';
import { DEMO_SITE_CONFIG } from '@brnd/contracts/domain/demo-site';

export const siteConfigFixture: SiteConfig = DEMO_SITE_CONFIG;

const sitePath = `*${site.path}`;

/** `GET /api/site` answering with the given configuration. */
export function siteHandlersFor(config: SiteConfig): HttpHandler[] {
  return [http.get(sitePath, () => HttpResponse.json(config))];
}

/** The default: the demo configuration with the readable job list and no job board script. */
export const siteHandlers = siteHandlersFor(siteConfigFixture);

/** The configuration never arrives, for loading states. */
export const siteLoadingHandlers: HttpHandler[] = [
  http.get(sitePath, async () => {
    await delay('infinite');
    return HttpResponse.json(siteConfigFixture);
  }),
];

function serverFailure() {
  const body: ErrorResponse = {
    message: englishMessage('errors.server'),
    messageId: 'errors.server',
  };
  return HttpResponse.json(body, { status: 500 });
}

/** The server fails, as the bff answers an unexpected error. */
export const siteFailingHandlers: HttpHandler[] = [http.get(sitePath, serverFailure)];

/**
 * An outage that ends on command, for a story that shows the failure and then a retry that
 * works: `beforeEach: outage.start`, `handlers: outage.handlers`, `outage.recover()` in play.
 */
export function createSiteOutage() {
  let down = true;
  return {
    handlers: [
      http.get(sitePath, () => (down ? serverFailure() : HttpResponse.json(siteConfigFixture))),
    ],
    start() {
      down = true;
    },
    recover() {
      down = false;
    },
  };
}

/** Where the demo job board's embed script is served, for stories and `dev:mock`. */
export const DEMO_JOB_BOARD_PATH = '/demo/job-board.js';

// Behaves like a hosted job board's embed: finds its container and draws the openings into it.
const DEMO_JOB_BOARD_SCRIPT = `(function () {
  var board = document.getElementById('job-board');
  if (!board) return;
  var list = document.createElement('ul');
  list.setAttribute('data-job-board', 'demo');
  ${JSON.stringify(
    siteConfigFixture.jobs.map((job) => [job.title.en, job.applyUrl ?? `mailto:${job.applyEmail}`]),
  )}.forEach(function (job) {
    var item = document.createElement('li');
    var link = document.createElement('a');
    link.href = job[1];
    link.textContent = job[0];
    item.appendChild(link);
    list.appendChild(item);
  });
  board.appendChild(list);
})();
`;

/** The demo job board script at DEMO_JOB_BOARD_PATH. */
export const jobBoardScriptHandlers: HttpHandler[] = [
  http.get(
    `*${DEMO_JOB_BOARD_PATH}`,
    () =>
      new HttpResponse(DEMO_JOB_BOARD_SCRIPT, {
        headers: { 'content-type': 'text/javascript; charset=utf-8' },
      }),
  ),
];
