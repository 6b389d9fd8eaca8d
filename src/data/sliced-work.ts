/**
 * Work done in steps (docs/control-plane.md: building a store never blocks the event loop for more than ~50 ms).
 * A build is a generator that yields between small units of work; `runToEnd` runs one at once (tests, small data,
 * the synchronous API), `runInSlices` runs it a slice of a few milliseconds at a time, letting the event loop
 * answer other requests (`/health`, the API on the previous data) between slices.
 */

/** A build in steps: yields between units of work, returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Units of work between yields in the build loops (a few hundred microseconds each). */
export const STEP_UNITS = 1_000;

/**
 * Runs `steps` to the end at once.
 *
 * @example const dataset = runToEnd(seedDatasetSteps({ seed: 1, users: 10 }));
 */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/**
 * Runs `fn` once the event loop has had its turn: `setImmediate` in Node; in a browser, which has none, a message to
 * itself through a `MessageChannel` (a timer would be clamped to 4 ms after a few nested ones).
 */
const later: (fn: () => void) => void = (() => {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  if (immediate !== undefined) return (fn: () => void) => void immediate(fn);
  const queue: (() => void)[] = [];
  const channel = new MessageChannel();
  // The browser's MessagePort (the DOM typing this Node-typed project does not load).
  (channel.port1 as unknown as { onmessage: () => void }).onmessage = () => {
    queue.shift()?.();
  };
  return (fn: () => void) => {
    queue.push(fn);
    channel.port2.postMessage(undefined);
  };
})();

/**
 * Runs `steps` in slices of about `sliceMs`, yielding to the event loop between slices.
 *
 * @example const dataset = await runInSlices(seedDatasetSteps({ seed: 1, users: 1_000_000 }));
 */
export function runInSlices<T>(steps: Steps<T>, sliceMs = 15): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const slice = (): void => {
      try {
        const until = performance.now() + sliceMs;
        do {
          const next = steps.next();
          if (next.done === true) {
            resolve(next.value);
            return;
          }
        } while (performance.now() < until);
        later(slice);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    later(slice);
  });
}
