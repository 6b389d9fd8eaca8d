/**
 * Many requests, cheaply: against a listening mock (`startMock({ port: 0 })`) over keep-alive connections, a few at
 * a time. For tests about counts (journal capacity, rate-limiter memory), not about single answers.
 */

/** Sends `count` requests built by `requestOf(i)` to `baseUrl`, `concurrency` at a time; returns the statuses. */
export async function sendMany(
  baseUrl: string,
  count: number,
  requestOf: (i: number) => { readonly path: string; readonly headers?: Record<string, string> },
  concurrency = 32,
): Promise<number[]> {
  const statuses = new Array<number>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const { path, headers = {} } = requestOf(i);
      const res = await fetch(`${baseUrl}${path}`, { headers });
      await res.arrayBuffer();
      statuses[i] = res.status;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return statuses;
}
