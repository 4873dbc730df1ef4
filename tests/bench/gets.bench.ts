import { setUpGetsBench, warmConnections } from './setup/gets.ts';
import {
  alternate,
  goal,
  loadAverage,
  loadFromAnotherProcess,
  median,
  processCpuMicros,
} from './support.ts';

/**
 * Issue #15 item 3: the bff's database-backed GETs (the brand list, the profile, the buy page's
 * poll) at ≥ 0.7× a bare `node:http` + `pg` handler sending the same statements (setup/gets.ts).
 *
 * The load comes from another process (steady-load.ts): as many requests as 32 keep-alive
 * connections get answered. The sides alternate in rounds after a warm-up; the median of each is
 * printed. Two figures per route, both against the 0.7 goal:
 * - throughput, bff / bare: what the issue asks, but on a shared machine it also measures the
 *   neighbours and PostgreSQL's share of the cores;
 * - CPU per request, bare / bff: the server process's own CPU time (from /proc) over a round
 *   divided by the requests it answered; the steadier figure, and exactly what the bff adds on
 *   top of the same statements.
 *
 * BENCH_CPU_PROFILE=<dir>: both server processes run with --cpu-prof and leave their profiles
 * in <dir>/bff and <dir>/bare, to see where the bff's extra CPU goes: open them in Chrome's
 * DevTools, or sum their samples by package or function with
 * `node --import tsx tests/bench/cpu-profile.ts <file>`.
 */

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL_RATIO = 0.7;

export async function run(): Promise<Record<string, string>> {
  // BENCH_ROUTES="name|name": only those routes (names as printed).
  const only = process.env.BENCH_ROUTES?.split('|');
  const bench = await setUpGetsBench({
    cpuProfileDir: process.env.BENCH_CPU_PROFILE,
    ...(only ? { only } : {}),
  });
  try {
    const figures: Record<string, string> = {};
    for (const [name, requests] of Object.entries(bench.routes)) {
      const cpu = { bff: [] as number[], bare: [] as number[] };
      const measure = (side: 'bff' | 'bare') => async () => {
        const { url, pid } = bench[side];
        await warmConnections(url, requests, CONNECTIONS);
        const before = await processCpuMicros(pid);
        const result = await loadFromAnotherProcess({
          url,
          seconds: SECONDS,
          connections: CONNECTIONS,
          requests,
        });
        cpu[side].push(((await processCpuMicros(pid)) - before) / result.total);
        return result.perSecond;
      };
      const medians = await alternate(
        { bff: measure('bff'), bare: measure('bare') },
        { rounds: ROUNDS },
      );
      // The warm-up's figures are left out, as alternate() leaves them out.
      const [cpuBff, cpuBare] = [median(cpu.bff.slice(1)), median(cpu.bare.slice(1))];
      const statements = bench.statements[name]!;
      figures[name] =
        `bff ${medians.bff.toFixed(0)} req/s, bare ${medians.bare.toFixed(0)} req/s, bff / bare ${goal(medians.bff / medians.bare, GOAL_RATIO, 'atLeast')} (${statements} statement${statements === 1 ? '' : 's'})`;
      figures[`${name}, CPU per request`] =
        `bff ${cpuBff.toFixed(0)} µs, bare ${cpuBare.toFixed(0)} µs, bare / bff ${goal(cpuBare / cpuBff, GOAL_RATIO, 'atLeast')}`;
    }
    figures.load = `${CONNECTIONS} connections from another process, ${SECONDS} s a side, median of ${ROUNDS} alternated rounds after a warm-up; ${bench.data}`;
    figures['load average (1, 5, 15 min)'] = loadAverage();
    return figures;
  } finally {
    await bench.cleanup();
  }
}
