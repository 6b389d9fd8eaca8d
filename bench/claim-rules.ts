/**
 * The cost of claim rules per grant: password grants/s of one server with no claim rule, with 100 that do not match
 * the grant, and with 100 that all match it (each sets a claim of its own, so the token carries 100 more). Rounds
 * interleave the three, the rules being swapped through the control plane between loads; the figure is each
 * configuration's median rate as a ratio to the median with no rule, measured in the same run. On a busy machine
 * the load figure moves by more than the rules cost, so the cost is also timed in process (this checkout's code):
 * matching and applying 100 rules to a grant, as a ratio to one RS256 signature of the same token.
 */
import { ClaimRules, shapeClaims } from '../src/control/claim-rules.ts';
import { TokenService } from '../src/oauth/tokens.ts';
import { NODE_PLATFORM } from '../src/platform/node/node-platform.ts';
import { NodeKeySet, readKeyPair } from '../src/platform/node/signing-keys.ts';
import { median } from './figures.ts';
import type { ExtraContext, ExtraResult } from './extra-figures.ts';
import { checkScenario, load, warmUp } from './load.ts';
import { pinServer } from './processes.ts';
import { PASSWORD_GRANT, type Scenario } from './scenarios.ts';
import { mockSpec, spawnSpec } from './servers.ts';
import { waitFor200 } from './processes.ts';

export const RULE_COUNT = 100;
const CONNECTIONS = 50;

/** The rules of each configuration: none, 100 that never match the grant, 100 that all do. */
export const RULE_SETS = {
  'no rule': [],
  [`${RULE_COUNT} rules, none matching`]: Array.from({ length: RULE_COUNT }, (_, i) => ({
    match: { client_id: `other-client-${String(i)}` },
    set: { [`claim_${String(i)}`]: i },
  })),
  [`${RULE_COUNT} rules, all matching`]: Array.from({ length: RULE_COUNT }, (_, i) => ({
    match: { client_id: 'mock-client', grant_type: 'password' },
    set: { [`claim_${String(i)}`]: i },
  })),
} as const satisfies Record<string, readonly object[]>;

const TOKEN: Scenario = {
  name: 'token',
  method: 'POST',
  paths: ['/oauth/token'],
  body: PASSWORD_GRANT,
  contentType: 'application/json',
  expect: { token: true },
  authenticated: false,
};

/** Each configuration's median rate as a ratio to the median rate with no rule (1 = no cost). */
export function claimRuleRatios(rates: Readonly<Record<string, readonly number[]>>): Record<string, number> {
  const base = median(rates['no rule'] ?? []);
  const out: Record<string, number> = {};
  for (const [name, values] of Object.entries(rates)) {
    const rate = median(values);
    if (base !== undefined && base > 0 && rate !== undefined) out[name] = rate / base;
  }
  return out;
}

async function admin(url: string, method: string, path: string, body?: object): Promise<void> {
  const res = await fetch(`${url}/__admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${method} /__admin${path}: ${String(res.status)}`);
}

/** Microseconds per call of `work`, the median of `rounds` timings of `calls` calls, after a warm-up. */
function microseconds(work: () => void, calls: number, rounds: number): number {
  for (let i = 0; i < calls; i++) work();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) work();
    samples.push(((performance.now() - started) * 1000) / calls);
  }
  return median(samples) ?? 0;
}

/** In process: matching and applying 100 matching rules to one grant, and one RS256 signature of its token. */
export function inProcessCost(quick: boolean): { readonly rulesUs: number; readonly signUs: number } {
  const rules = new ClaimRules();
  for (const rule of RULE_SETS[`${RULE_COUNT} rules, all matching`]) rules.add(rule);
  const facts = { grantType: 'password', clientId: 'mock-client', isUser: () => true, scope: undefined };
  const tokens = new TokenService(
    new NodeKeySet([readKeyPair()]),
    {
      issuer: 'http://bench/',
      audience: 'https://identity.example.com/admin/v1',
      claimsNamespace: 'https://identity.example.com',
      ttlSeconds: 86_400,
    },
    NODE_PLATFORM,
  );
  const claims = { sub: 'auth0|u', azp: 'mock-client', gty: 'password', permissions: ['read:users'] };
  const rounds = quick ? 3 : 7;
  const rulesUs = microseconds(
    () => shapeClaims(tokens.payload(claims, 0), rules.match(facts), 'access'),
    2_000,
    rounds,
  );
  const signUs = microseconds(() => tokens.signNow(claims, 0), 200, rounds);
  return { rulesUs, signUs };
}

/** Measures the figure for every build of the run. */
export async function measureClaimRules(context: ExtraContext): Promise<ExtraResult[]> {
  const rounds = context.quick ? 1 : 3;
  const seconds = context.quick ? 2 : 3;
  const results: ExtraResult[] = [];
  for (const build of context.builds) {
    const server = await spawnSpec(mockSpec(build), undefined, context.seed, context.baselines);
    try {
      await waitFor200(`${server.url}/health`, server.startedAt);
      pinServer(server);
      await checkScenario(server.url, TOKEN, undefined);
      await warmUp(context.driver, server.url, TOKEN, undefined, 1, false);
      const rates: Record<string, number[]> = {};
      for (let round = 0; round < rounds; round++) {
        for (const [name, rules] of Object.entries(RULE_SETS)) {
          await admin(server.url, 'DELETE', '/claims');
          for (const rule of rules) await admin(server.url, 'POST', '/claims', rule);
          await checkScenario(server.url, TOKEN, undefined);
          const figures = await load(context.driver, server.url, TOKEN, undefined, CONNECTIONS, { seconds });
          (rates[name] ??= []).push(figures.rps);
          context.log(
            `  ${build.name} ${name}: ${figures.rps.toFixed(0)} grants/s (round ${String(round + 1)})`,
          );
        }
      }
      for (const [name, ratio] of Object.entries(claimRuleRatios(rates))) {
        if (name === 'no rule') continue;
        results.push({
          server: build.name,
          figure: `${name} ÷ no rule`,
          value: `${ratio.toFixed(2)} (median ${(median(rates[name] ?? []) ?? 0).toFixed(0)} grants/s at ${String(CONNECTIONS)} connections)`,
        });
      }
    } finally {
      await server.stop();
    }
  }
  const { rulesUs, signUs } = inProcessCost(context.quick);
  results.push({
    server: 'this checkout, in process',
    figure: `matching and applying ${String(RULE_COUNT)} matching rules ÷ one RS256 signature, per grant`,
    value: `${(rulesUs / signUs).toFixed(3)} (${rulesUs.toFixed(0)} µs ÷ ${signUs.toFixed(0)} µs)`,
  });
  return results;
}
