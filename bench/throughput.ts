/**
 * Load scenarios on several servers at once: all started (each to its first 200 on GET /users) and pinned to the
 * server core, then every scenario measured on all of them interleaved — round after round, each server in turn,
 * so drift in a shared machine's speed falls on all servers alike; each figure is the median of the rounds.
 */
import { medianFigures, type LoadFigures, type MemoryFigures, type RunResult } from './figures.ts';
import { checkScenario, load, warmUp, type Driver } from './load.ts';
import { pinServer, rssMb, waitFor200, type ServerProcess } from './processes.ts';
import type { Scenario } from './scenarios.ts';
import { spawnSpec, type Baselines, type ServerSpec } from './servers.ts';

export interface LoadSettings {
  readonly driver: Driver;
  readonly connections: readonly number[];
  readonly rounds: number;
  readonly seconds: number;
  readonly warmUpSeconds: number;
  readonly seed: number;
  readonly baselines: Baselines;
  /** The token each server is sent (an identity-mock build's own; any valid one for the baselines). */
  readonly tokenOf: (spec: ServerSpec) => string;
  readonly log: (line: string) => void;
}

interface Running {
  readonly spec: ServerSpec;
  readonly process: ServerProcess;
  readonly token: string;
  readonly afterStartMb: number | undefined;
}

/** Only identity-mock grants tokens: the baselines serve GET /users. */
function serves(spec: ServerSpec, scenario: Scenario): boolean {
  return spec.kind === 'mock' || scenario.name !== 'token';
}

export async function measureLoad(
  specs: readonly ServerSpec[],
  users: number,
  scenarios: readonly Scenario[],
  settings: LoadSettings,
): Promise<{ results: RunResult[]; memory: MemoryFigures[] }> {
  const { driver, log } = settings;
  const running: Running[] = [];
  const results: RunResult[] = [];
  try {
    for (const spec of specs) {
      const process = await spawnSpec(spec, users, settings.seed, settings.baselines);
      const token = settings.tokenOf(spec);
      await waitFor200(`${process.url}/users`, process.startedAt, {
        headers: { authorization: `Bearer ${token}` },
      });
      running.push({ spec, process, token, afterStartMb: rssMb(process.child.pid) });
      pinServer(process);
    }
    for (const scenario of scenarios) {
      const servers = running.filter((r) => serves(r.spec, scenario));
      for (const server of servers) {
        await checkScenario(server.process.url, scenario, server.token);
        // identity-mock serializes users and builds orders on first use; the baselines compute nothing ahead.
        const everyPath = server.spec.kind === 'mock';
        await warmUp(driver, server.process.url, scenario, server.token, settings.warmUpSeconds, everyPath);
      }
      for (const c of settings.connections) {
        const rounds = new Map<Running, LoadFigures[]>(servers.map((s) => [s, []]));
        for (let round = 0; round < settings.rounds; round++) {
          for (const server of servers) {
            const span = { seconds: settings.seconds };
            rounds.get(server)?.push(await load(driver, server.process.url, scenario, server.token, c, span));
          }
        }
        for (const server of servers) {
          const figures = medianFigures(rounds.get(server) ?? []);
          const name = server.spec.name;
          results.push({ server: name, users, scenario: scenario.name, connections: c, ...figures });
          if (figures.rps === 0)
            log(`  ${name}: no answer to ${scenario.name} within ${String(settings.seconds)} s`);
          log(
            `  ${name.padEnd(28)} ${String(users).padStart(7)}  ${scenario.name.padEnd(22)} ${String(c).padStart(2)} conn  ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(2)} ms  p99 ${figures.p99.toFixed(2)} ms  non-2xx ${String(figures.non2xx + figures.errors)}`,
          );
        }
      }
    }
    const memory = running
      .filter((r) => r.spec.kind === 'mock')
      .map((r) => ({
        server: r.spec.name,
        users,
        afterStartMb: r.afterStartMb,
        afterLoadMb: rssMb(r.process.child.pid),
      }));
    return { results, memory };
  } finally {
    for (const server of running) await server.process.stop();
  }
}
