/**
 * Drives a scenario, cycling through its paths, with wrk (`wrk.ts`) when there is one and autocannon otherwise;
 * checks a scenario's first answer for correctness.
 */
import autocannon from 'autocannon';
import type { LoadFigures } from './figures.ts';
import type { Scenario } from './scenarios.ts';
import { wrkLoad } from './wrk.ts';

/** The load driver: wrk at its path, or autocannon (JavaScript on one core, saturating near 10 000 req/s). */
export type Driver = { readonly kind: 'wrk'; readonly path: string } | { readonly kind: 'autocannon' };

function headersOf(scenario: Scenario, token: string | undefined): Record<string, string> {
  return {
    ...(scenario.authenticated && token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    ...(scenario.contentType === undefined ? {} : { 'content-type': scenario.contentType }),
  };
}

/** How long a load runs: for some seconds, or for a number of requests. */
export type Span = { readonly seconds: number } | { readonly requests: number };

export async function load(
  driver: Driver,
  url: string,
  scenario: Scenario,
  token: string | undefined,
  connections: number,
  span: Span,
): Promise<LoadFigures> {
  if (driver.kind === 'wrk' && 'seconds' in span) {
    const request = {
      method: scenario.method,
      paths: scenario.paths,
      headers: headersOf(scenario, token),
      ...(scenario.body === undefined ? {} : { body: scenario.body }),
    };
    return wrkLoad(driver.path, url, request, connections, span.seconds);
  }
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
  driver: Driver,
  url: string,
  scenario: Scenario,
  token: string | undefined,
  seconds: number,
  everyPath: boolean,
): Promise<void> {
  if (everyPath)
    await load(driver, url, scenario, token, 32, { requests: Math.max(scenario.paths.length, 32) });
  await load(driver, url, scenario, token, 32, { seconds });
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
