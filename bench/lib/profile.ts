// CPU profiles of one phase of a benchmark, taken with the inspector of this
// process (the same data as node --cpu-prof, for the phase alone), written as
// .cpuprofile files (open them in Chrome DevTools or speedscope) and summed up
// by where the time went.
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function profiled<T>(
  name: string,
  dir: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    await fs.writeFile(file, JSON.stringify(profile));
    console.log(`\n${name}: profile in ${file}\n${summarise(profile)}`);
  }
}

/** Self time by area (our code by file, dependencies by package) and the top functions. */
function summarise(profile: CpuProfile): string {
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (!ms) continue;
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${area}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, ms]) =>
          `  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${k}`,
      )
      .join('\n');
  return `where the time went (self time, ${total.toFixed(0)} ms sampled):\n${top(byArea, 12)}\ntop functions:\n${top(byFunction, 12)}`;
}

function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const ours = /\/(apps|packages|bench)\/(.+)$/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return url;
  return path.basename(url);
}
