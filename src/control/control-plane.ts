/**
 * The control plane of one mock (docs/control-plane.md): fault rules, claim rules, the rate limiter and the request
 * journal, with the settings of the start that a reset returns to.
 */
import { ClaimRules } from './claim-rules.ts';
import { Journal, type JournalRoom } from './journal.ts';
import { FaultRules } from './faults.ts';
import type { Hashing } from '../platform/platform.ts';
import { RateLimiter, type RateLimitConfig } from './rate-limit.ts';

/** A rate-limit bucket: its digest key, its counters, its place in the cache. */
const BUCKET_BYTES = 256;

export interface ControlPlaneOptions {
  /** Seed of the fault rules' probability draws. */
  readonly seed: number;
  /** Rate limit at start (undefined: off). */
  readonly rateLimit: RateLimitConfig | undefined;
  /** Digests rate-limit keys. */
  readonly hashing: Hashing;
  /** Room left in the server's state memory, for the journal (unbounded when absent). */
  readonly room?: JournalRoom;
}

export class ControlPlane {
  readonly faults: FaultRules;
  readonly claims = new ClaimRules();
  readonly limiter: RateLimiter;
  readonly journal: Journal;
  readonly #startRateLimit: RateLimitConfig | undefined;

  constructor(options: ControlPlaneOptions) {
    this.journal = new Journal(undefined, options.room);
    this.faults = new FaultRules(options.seed);
    this.limiter = new RateLimiter(options.rateLimit, options.hashing);
    this.#startRateLimit = options.rateLimit;
  }

  /** Bytes the journal, fault rules and rate-limit buckets hold, estimated (`sessions/state-memory.ts`). */
  stateBytes(): number {
    return this.journal.bytes + this.faults.bytes + this.claims.bytes + this.limiter.keys * BUCKET_BYTES;
  }

  /** Whether the session has rules of its own: fault or claim rules, or a rate limit other than the start's. */
  holdsRules(): boolean {
    return this.faults.bytes > 0 || this.claims.bytes > 0 || this.limiter.config !== this.#startRateLimit;
  }

  /** No fault or claim rules, an empty journal, the start's rate limit with fresh counters. */
  reset(): void {
    this.faults.clear();
    this.claims.clear();
    this.journal.clear();
    this.limiter.configure(this.#startRateLimit);
  }
}
