/**
 * A load generator in a process of its own, so the server's event loop and the client's never
 * share a core's time slice unseen: `steady-load.ts <url> <rate> <seconds> <token> <path>...`
 * sends `rate` requests per second (not as many as it can) to a random one of the paths and
 * prints autocannon's figures as one JSON line.
 */
import autocannon from 'autocannon';

const [url, rate, seconds, token, ...paths] = process.argv.slice(2);
if (!url || !rate || !seconds || !token || paths.length === 0) {
  throw new Error('usage: steady-load.ts <url> <rate> <seconds> <token> <path>...');
}
const result = await autocannon({
  url,
  connections: 100,
  overallRate: Number(rate),
  duration: Number(seconds),
  headers: { authorization: `Bearer ${token}` },
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        path: paths[Math.floor(Math.random() * paths.length)]!,
      }),
    },
  ],
});
console.log(
  JSON.stringify({
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  }),
);
