/**
 * Start-up, in interleaved rounds: every round starts each target once in turn (the order rotated round by
 * round), so drift in a shared machine's speed falls on every target alike; each figure is the median of the
 * rounds. A start is timed from spawn to the first 200 on `/health` and on `GET /users` with a token (both polled
 * every 5 ms from the spawn on). The in-process figure runs `in-process-start.mjs` once per round and build.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  medianStartup,
  median,
  type InProcessFigures,
  type StartupFigures,
  type StartupSample,
  type StartupTarget,
} from './figures.ts';
import { waitFor200 } from './processes.ts';
import { spawnSpec, type Baselines, type Build, type ServerSpec } from './servers.ts';

const run = promisify(execFile);

export interface StartupJob {
  readonly target: StartupTarget;
  readonly spec: ServerSpec;
  readonly token: string;
}

/** One start of `job`: spawn → first 200 on /health and on GET /users, then stop. */
export async function timeStart(job: StartupJob, seed: number, baselines: Baselines): Promise<StartupSample> {
  const server = await spawnSpec(job.spec, job.target.users, seed, baselines);
  try {
    const [healthMs, usersMs] = await Promise.all([
      waitFor200(`${server.url}/health`, server.startedAt),
      waitFor200(`${server.url}/users`, server.startedAt, {
        headers: { authorization: `Bearer ${job.token}` },
      }),
    ]);
    return { healthMs, usersMs };
  } finally {
    await server.stop();
  }
}

interface InProcessSample {
  readonly firstReadyMs: number;
  readonly readyMs: number;
  readonly usersMs: number;
}

/** Two `startMock()` in a fresh process with `build`'s public entry. */
export async function timeInProcess(build: Build, baselines: Baselines): Promise<InProcessSample> {
  const { stdout } = await run(process.execPath, [
    join(baselines.dir, 'in-process-start.mjs'),
    join(build.dir, 'dist/index.js'),
  ]);
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as InProcessSample;
}

/** `rounds` interleaved rounds of every start-up job and every build's in-process start; medians. */
export async function startupRounds(
  jobs: readonly StartupJob[],
  builds: readonly Build[],
  rounds: number,
  seed: number,
  baselines: Baselines,
  log: (line: string) => void,
): Promise<{ startups: StartupFigures[]; inProcess: InProcessFigures[] }> {
  type Step = { kind: 'start'; job: StartupJob } | { kind: 'in-process'; build: Build };
  const steps: Step[] = [
    ...jobs.map((job) => ({ kind: 'start' as const, job })),
    ...builds.map((build) => ({ kind: 'in-process' as const, build })),
  ];
  const starts = new Map<StartupJob, StartupSample[]>(jobs.map((j) => [j, []]));
  const inProcess = new Map<Build, InProcessSample[]>(builds.map((b) => [b, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[(i + round) % steps.length];
      if (step === undefined) continue;
      if (step.kind === 'start') starts.get(step.job)?.push(await timeStart(step.job, seed, baselines));
      else inProcess.get(step.build)?.push(await timeInProcess(step.build, baselines));
    }
    log(`  start-up round ${String(round + 1)}/${String(rounds)} done`);
  }
  return {
    startups: jobs.map((job) => medianStartup(job.target, starts.get(job) ?? [])),
    inProcess: builds.map((build) => {
      const samples = inProcess.get(build) ?? [];
      return {
        server: build.name,
        readyMs: median(samples.map((s) => s.readyMs)) ?? 0,
        usersMs: median(samples.map((s) => s.usersMs)) ?? 0,
        firstReadyMs: median(samples.map((s) => s.firstReadyMs)) ?? 0,
        rounds: samples.length,
      };
    }),
  };
}
