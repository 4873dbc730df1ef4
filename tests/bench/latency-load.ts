/**
 * A load generator in a process of its own for latency figures: `latency-load.ts <spec.json>`
 * sends `paths` to `url` in order from `clients` concurrent keep-alive connections (each takes
 * the next path when its last answer arrived, as that many users would) and prints every
 * request's time in milliseconds, in the order of `paths`, as one JSON line. The first `warmUp`
 * paths are sent the same way and left out.
 */
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';

export interface LatencySpec {
  url: string;
  clients: number;
  warmUp: number;
  paths: string[];
}

const [specPath] = process.argv.slice(2);
if (!specPath) throw new Error('usage: latency-load.ts <spec.json>');
const spec = JSON.parse(await readFile(specPath, 'utf8')) as LatencySpec;
const agent = new Agent({ keepAlive: true, maxSockets: spec.clients });

function get(path: string): Promise<number> {
  const url = new URL(path, spec.url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
        else resolve(performance.now() - started);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const times: number[] = new Array<number>(spec.paths.length);
let next = 0;
await Promise.all(
  Array.from({ length: spec.clients }, async () => {
    while (next < spec.paths.length) {
      const index = next;
      next += 1;
      times[index] = await get(spec.paths[index]!);
    }
  }),
);
agent.destroy();
console.log(JSON.stringify(times.slice(spec.warmUp)));
