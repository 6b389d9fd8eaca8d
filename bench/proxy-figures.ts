/**
 * The drift proxy's cost (docs/drift.md): `identity-mock proxy` in front of an identity-mock of the same build,
 * beside a plain node:http pass-through proxy (bench/passthrough-proxy.ts) in front of the same upstream, and the
 * upstream reached directly, all in one run with interleaved rounds.
 * - latency: sequential `GET /users?page=2&page_size=20` with an admin token on one kept-alive connection, timed
 *   here to the microsecond; the figure is the median over rounds of each target's p50 and p99 minus the direct
 *   ones (what going through the proxy adds);
 * - throughput: the same request at 50 connections, the proxy's median rate ÷ the pass-through's.
 */
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import type { ExtraContext, ExtraResult } from './extra-figures.ts';
import { median } from './figures.ts';
import { load } from './load.ts';
import { freePort, spawnServer, waitFor200, type ServerProcess } from './processes.ts';
import type { Scenario } from './scenarios.ts';
import { mintToken, mockSpec, spawnSpec } from './servers.ts';

const PATH = '/users?page=2&page_size=20';
const CONNECTIONS = 50;

const LIST_PAGE: Scenario = {
  name: 'list',
  method: 'GET',
  paths: [PATH],
  expect: { total: 0, items: 20 },
  authenticated: true,
};

/** The `q` quantile (0–1) of `sorted` (ascending), nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Milliseconds of `count` sequential requests to `url` + PATH on one kept-alive connection, sorted. */
async function sequential(url: string, token: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        `${url}${PATH}`,
        { agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) resolve(performance.now() - started);
            else reject(new Error(`${url}${PATH}: ${String(res.statusCode)}`));
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) times.push(await once());
  } finally {
    agent.destroy();
  }
  return times.sort((a, b) => a - b);
}

interface Targets {
  readonly direct: ServerProcess;
  readonly passthrough: ServerProcess;
  readonly proxy: ServerProcess;
}

async function startTargets(context: ExtraContext, dir: string): Promise<Targets> {
  const build = context.builds.find((b) => b.dir === dir);
  if (build === undefined) throw new Error(`no build at ${dir}`);
  const direct = await spawnSpec(mockSpec(build), undefined, context.seed, context.baselines);
  await waitFor200(`${direct.url}/health`, direct.startedAt);
  const proxyPort = await freePort();
  const proxy = spawnServer(
    ['dist/bin/identity-mock.js', 'proxy', '--upstream', direct.url, '--port', String(proxyPort)],
    proxyPort,
    build.dir,
  );
  const passPort = await freePort();
  const passthrough = spawnServer(
    [
      join(context.baselines.dir, 'passthrough-proxy.mjs'),
      '--upstream',
      direct.url,
      '--port',
      String(passPort),
    ],
    passPort,
  );
  await waitFor200(`${proxy.url}/health`, proxy.startedAt);
  await waitFor200(`${passthrough.url}/health`, passthrough.startedAt);
  return { direct, passthrough, proxy };
}

/** Measures both proxy figures for every build of the run that has the `proxy` command. */
export async function measureProxy(context: ExtraContext): Promise<ExtraResult[]> {
  const rounds = context.quick ? 3 : 7;
  const requests = context.quick ? 300 : 1_000;
  const seconds = context.quick ? 2 : 4;
  const results: ExtraResult[] = [];
  for (const build of context.builds) {
    const targets = await startTargets(context, build.dir);
    const token = mintToken(build);
    try {
      const p50: Record<keyof Targets, number[]> = { direct: [], passthrough: [], proxy: [] };
      const p99: Record<keyof Targets, number[]> = { direct: [], passthrough: [], proxy: [] };
      const rate: Record<keyof Targets, number[]> = { direct: [], passthrough: [], proxy: [] };
      for (const name of Object.keys(targets) as (keyof Targets)[]) {
        await sequential(targets[name].url, token, 100);
      }
      for (let round = 0; round < rounds; round++) {
        for (const name of Object.keys(targets) as (keyof Targets)[]) {
          const times = await sequential(targets[name].url, token, requests);
          p50[name].push(quantile(times, 0.5));
          p99[name].push(quantile(times, 0.99));
          if (name !== 'direct') {
            const figures = await load(context.driver, targets[name].url, LIST_PAGE, token, CONNECTIONS, {
              seconds,
            });
            rate[name].push(figures.rps);
          }
        }
        context.log(`  ${build.name} proxy figures: round ${String(round + 1)} of ${String(rounds)}`);
      }
      const added = (values: Record<keyof Targets, number[]>, name: 'passthrough' | 'proxy'): string => {
        const ms = (median(values[name]) ?? 0) - (median(values.direct) ?? 0);
        return `${ms >= 0 ? '+' : ''}${ms.toFixed(2)} ms`;
      };
      results.push({
        server: build.name,
        figure: 'p50 / p99 added, proxy (pass-through)',
        value: `${added(p50, 'proxy')} / ${added(p99, 'proxy')} (${added(p50, 'passthrough')} / ${added(p99, 'passthrough')}); direct p50 ${(median(p50.direct) ?? 0).toFixed(2)} ms`,
      });
      const proxyRate = median(rate.proxy) ?? 0;
      const passRate = median(rate.passthrough) ?? 0;
      results.push({
        server: build.name,
        figure: `req/s at ${String(CONNECTIONS)} connections, proxy ÷ pass-through`,
        value: `${(proxyRate / Math.max(passRate, 1)).toFixed(2)} (${proxyRate.toFixed(0)} ÷ ${passRate.toFixed(0)})`,
      });
    } finally {
      await Promise.all([targets.proxy.stop(), targets.passthrough.stop()]);
      await targets.direct.stop();
    }
  }
  return results;
}
