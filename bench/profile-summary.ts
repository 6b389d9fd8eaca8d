/**
 * `tsx bench/profile-summary.ts FILE.cpuprofile [--root DIR] [--from-ms N] [--to-ms N] [--top 25] [--total 15]`:
 * prints the top functions of a `node --cpu-prof` profile by self time and by total time, and self time per area
 * (`cpuprofile.ts`). `--root` is the checkout the profiled process ran from (file names are printed relative to
 * it); `--from-ms`/`--to-ms` keep a window of the profile, in milliseconds since it started.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatSummary, summarise, type CpuProfile } from './cpuprofile.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string' },
    'from-ms': { type: 'string' },
    'to-ms': { type: 'string' },
    top: { type: 'string' },
    total: { type: 'string' },
  },
});
if (positionals.length === 0) throw new Error('profile-summary: name one or more .cpuprofile files');
const micros = (ms: string | undefined): number | undefined =>
  ms === undefined ? undefined : Number(ms) * 1000;
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const window = { fromUs: micros(values['from-ms']), toUs: micros(values['to-ms']) };
  const summary = summarise(profile, values.root ?? process.cwd(), window);
  process.stdout.write(
    `${file}\n${formatSummary(summary, Number(values.top ?? '25'), Number(values.total ?? '15'))}\n\n`,
  );
}
