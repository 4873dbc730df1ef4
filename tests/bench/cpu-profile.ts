/**
 * `node --import tsx tests/bench/cpu-profile.ts <file.cpuprofile> [package|function] [rows]`:
 * a profile's self time summed by package (node_modules/<name>, a source file of ours, or
 * Node's own module) or by function, largest first, as shares of all samples.
 *
 * Counted in samples, not in the profile's time deltas: on a loaded machine a process waits for
 * a core between samples, and the deltas charge that wait to whatever ran next (a `writev` that
 * woke the reader and lost the core to it), while the samples stay close to CPU time.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const [file, by = 'package', rows = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile.ts <file.cpuprofile> [package|function] [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
};
const samplesOf = new Map<number, number>();
for (const id of profile.samples) samplesOf.set(id, (samplesOf.get(id) ?? 0) + 1);

function where(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const path = url
    .replace(/^.*node_modules\//, 'node_modules/')
    .replace(/^file:\/\/.*?\/(bff|contracts|tests)\//, '$1/');
  if (by === 'function') return `${functionName || '(anonymous)'} ${path}:${lineNumber + 1}`;
  const pkg = /^node_modules\/((@[^/]+\/)?[^/]+)/.exec(path);
  return pkg ? pkg[1]! : path || functionName;
}

const totals = new Map<string, number>();
for (const node of profile.nodes) {
  const samples = samplesOf.get(node.id);
  if (samples) totals.set(where(node), (totals.get(where(node)) ?? 0) + samples);
}
const all = profile.samples.length;
const idle = totals.get('(idle)') ?? 0;
console.log(`${all} samples, ${(((all - idle) / all) * 100).toFixed(1)} % busy`);
for (const [name, samples] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) {
  console.log(`${((samples / all) * 100).toFixed(2).padStart(6)} %  ${name}`);
}
