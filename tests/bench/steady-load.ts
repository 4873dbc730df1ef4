/**
 * A load generator in a process of its own, so the server's event loop and the client's never
 * share a core's time slice unseen: `steady-load.ts <spec.json>` sends requests to `url`, each
 * to a random one of `requests` (a path with the bearer token of the user it belongs to, so the
 * sessions are spread as in real use), and prints autocannon's figures as one JSON line.
 * `rate` set: that many requests per second (a steady load, latency is the figure); unset: as
 * many as `connections` keep-alive connections get answered (throughput is the figure).
 */
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  seconds: number;
  connections: number;
  rate?: number;
  requests: { path: string; token?: string }[];
}

export interface LoadResult {
  perSecond: number;
  /** Requests answered in the whole run. */
  total: number;
  p50: number;
  p99: number;
  failed: number;
}

const [specPath] = process.argv.slice(2);
if (!specPath) throw new Error('usage: steady-load.ts <spec.json>');
const spec = JSON.parse(await readFile(specPath, 'utf8')) as LoadSpec;
const { requests } = spec;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  ...(spec.rate ? { overallRate: spec.rate } : {}),
  duration: spec.seconds,
  requests: [
    {
      setupRequest: (request) => {
        const { path, token } = requests[Math.floor(Math.random() * requests.length)]!;
        return {
          ...request,
          path,
          headers: token ? { ...request.headers, authorization: `Bearer ${token}` } : {},
        };
      },
    },
  ],
});
const answer: LoadResult = {
  perSecond: result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  failed: result.non2xx + result.errors + result.timeouts,
};
console.log(JSON.stringify(answer));
