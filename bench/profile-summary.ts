// node --import tsx bench/profile-summary.ts <file.cpuprofile> [last seconds]: where a V8 CPU
// profile's time went — self time by package or file, by function, and inclusive time by
// function — counting only the last N seconds (the load, not the start-up) when N is given.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, lastSeconds] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/profile-summary.ts <file.cpuprofile> [last seconds]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

// Sample times, so a window at the end (the load) can be kept.
const times: number[] = [];
let clock = 0;
for (const delta of profile.timeDeltas) times.push((clock += delta));
const from = lastSeconds ? clock - Number(lastSeconds) * 1e6 : -Infinity;

const shortUrl = (url: string) => (url || '(native)').replace(/.*node_modules\//, 'nm/').replace(/.*\/(dist|build)\//, '$1/');
const packageOf = (url: string) => {
  const short = shortUrl(url);
  return short.startsWith('nm/')
    ? short
        .split('/')
        .slice(0, short.startsWith('nm/@') ? 3 : 2)
        .join('/')
    : short;
};
const frameName = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber}`;

const selfByPackage = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
let total = 0;
profile.samples.forEach((id, i) => {
  if (times[i]! < from) return;
  const delta = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id)!;
  total += delta;
  add(selfByPackage, packageOf(node.callFrame.url), delta);
  add(selfByFunction, frameName(node), delta);
  // Each frame once per sample, however deep the recursion.
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
    const name = frameName(byId.get(current)!);
    if (seen.has(name)) continue;
    seen.add(name);
    add(inclusive, name, delta);
  }
});

const top = (title: string, map: Map<string, number>, count: number) => {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${((100 * value) / total).toFixed(1).padStart(6)} %  ${key}`);
};
console.log(`${(total / 1000).toFixed(0)} ms of samples${lastSeconds ? ` (the last ${lastSeconds} s)` : ''}`);
top('self time by package or file', selfByPackage, 20);
top('self time by function', selfByFunction, 25);
top('inclusive time by function', inclusive, 40);
