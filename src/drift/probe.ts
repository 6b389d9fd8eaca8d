/**
 * `identity-mock drift`: a read-only probe of the real service through the guard's checks (docs/drift.md). It runs
 * the steps of `probe-steps.ts` one request at a time through `send`, which the caller provides (the Node
 * adapter): the probe itself does no I/O.
 */
import type { FindingStore } from './finding.ts';
import type { DriftGuard } from './guard.ts';
import { ProbeSession, type ProbeOptions, type Send } from './probe-session.ts';
import { PROBE_STEPS } from './probe-steps.ts';
import { UpstreamFailure } from './upstream-failure.ts';

export { UpstreamFailure } from './upstream-failure.ts';
export type { ProbeOptions, Send } from './probe-session.ts';

export interface ProbeResult {
  readonly store: FindingStore;
  readonly requests: number;
  /** What the probe could not cover, and why. */
  readonly notes: readonly string[];
  /** Set when the probe stopped early because the service gave no answer. */
  readonly aborted?: string;
}

/** Runs the probe; resolves when done (findings in `store`), never rejects for what the service answers. */
export async function runProbe(guard: DriftGuard, send: Send, options: ProbeOptions): Promise<ProbeResult> {
  const session = new ProbeSession(guard, send, options);
  const result = (): ProbeResult => ({
    store: session.store,
    requests: session.requests,
    notes: session.notes,
  });
  try {
    for (const step of PROBE_STEPS) await step(session);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return { ...result(), aborted: error.message };
  }
  return result();
}
