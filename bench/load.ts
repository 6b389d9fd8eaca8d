/** Drives a scenario with autocannon, cycling through its paths, and checks its first answer for correctness. */
import autocannon from 'autocannon';
import type { LoadFigures } from './report.ts';
import type { Scenario } from './scenarios.ts';

function headersOf(scenario: Scenario, token: string | undefined): Record<string, string> {
  return {
    ...(scenario.authenticated && token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    ...(scenario.contentType === undefined ? {} : { 'content-type': scenario.contentType }),
  };
}

/** How long a load runs: for some seconds, or for a number of requests. */
export type Span = { readonly seconds: number } | { readonly requests: number };

export async function load(
  url: string,
  scenario: Scenario,
  token: string | undefined,
  connections: number,
  span: Span,
): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    ...('seconds' in span ? { duration: span.seconds } : { amount: span.requests }),
    requests: [
      {
        method: scenario.method,
        headers: headersOf(scenario, token),
        ...(scenario.body === undefined ? {} : { body: scenario.body }),
        setupRequest: (request) => ({
          ...request,
          path: scenario.paths[next++ % scenario.paths.length] ?? '/',
        }),
      },
    ],
  });
  return {
    rps: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Warms a server up for a scenario: with `everyPath`, every path once first (for a server that computes things
 * on first use, so they are computed for every path before the measure), then `seconds` of load for the JIT.
 */
export async function warmUp(
  url: string,
  scenario: Scenario,
  token: string | undefined,
  seconds: number,
  everyPath: boolean,
): Promise<void> {
  if (everyPath) await load(url, scenario, token, 32, { requests: Math.max(scenario.paths.length, 32) });
  await load(url, scenario, token, 32, { seconds });
}

/** Throws unless the scenario's first request answers as the naive reference says. */
export async function checkScenario(
  url: string,
  scenario: Scenario,
  token: string | undefined,
): Promise<void> {
  const path = scenario.paths[0] ?? '/';
  const res = await fetch(`${url}${path}`, {
    method: scenario.method,
    headers: headersOf(scenario, token),
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
  });
  const body: unknown = await res.json();
  const where = `${url} ${scenario.name} ${path}`;
  if (res.status !== 200)
    throw new Error(`${where}: status ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  if ('token' in scenario.expect) {
    if (typeof body !== 'object' || body === null || !('access_token' in body))
      throw new Error(`${where}: no access_token`);
    return;
  }
  const total = Number(res.headers.get('x-total-count'));
  const items = Array.isArray(body) ? body.length : -1;
  if (total !== scenario.expect.total || items !== scenario.expect.items) {
    throw new Error(
      `${where}: X-Total-Count ${total} and ${items} items; the reference says ${scenario.expect.total} and ${scenario.expect.items}`,
    );
  }
}
