/**
 * The votes bench's load generator, in a process of its own (like steady-load.ts), so the
 * clients' event loop never shares the served process's time slice unseen:
 * `votes-load.ts <url> <first> <count> <clients>` keeps `clients` requests in flight, each
 * `GET <url>/<index>` for index first..first+count-1 on keep-alive connections, and prints one
 * JSON line: requests per second, failures and the first failure's answer.
 */
import http from 'node:http';

const [url, first, count, clients] = process.argv.slice(2);
if (!url || !first || !count || !clients) {
  throw new Error('usage: votes-load.ts <url> <first> <count> <clients>');
}
const start = Number(first);
const total = Number(count);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(clients) });

function get(index: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/${index}`, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

let next = 0;
let failed = 0;
let firstFailure: string | null = null;
const started = performance.now();
await Promise.all(
  Array.from({ length: Number(clients) }, async () => {
    while (next < total) {
      const index = start + next;
      next += 1;
      try {
        const answer = await get(index);
        if (answer.status !== 200) {
          failed += 1;
          firstFailure ??= `${answer.status} ${answer.body}`;
        }
      } catch (error) {
        failed += 1;
        firstFailure ??= String(error);
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
console.log(JSON.stringify({ perSecond: total / seconds, failed, firstFailure }));
