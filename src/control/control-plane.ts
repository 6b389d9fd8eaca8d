/**
 * The control plane of one mock (docs/control-plane.md): fault rules, claim rules, the rate limiter and the request
 * journal, with the settings of the start that a reset returns to.
 */
import { ClaimRules } from './claim-rules.ts';
import { Journal } from './journal.ts';
import { FaultRules } from './faults.ts';
import type { Hashing } from '../platform/platform.ts';
import { RateLimiter, type RateLimitConfig } from './rate-limit.ts';

export interface ControlPlaneOptions {
  /** Seed of the fault rules' probability draws. */
  readonly seed: number;
  /** Rate limit at start (undefined: off). */
  readonly rateLimit: RateLimitConfig | undefined;
  /** Digests rate-limit keys. */
  readonly hashing: Hashing;
}

export class ControlPlane {
  readonly faults: FaultRules;
  readonly claims = new ClaimRules();
  readonly limiter: RateLimiter;
  readonly journal = new Journal();
  readonly #startRateLimit: RateLimitConfig | undefined;

  constructor(options: ControlPlaneOptions) {
    this.faults = new FaultRules(options.seed);
    this.limiter = new RateLimiter(options.rateLimit, options.hashing);
    this.#startRateLimit = options.rateLimit;
  }

  /** No fault or claim rules, an empty journal, the start's rate limit with fresh counters. */
  reset(): void {
    this.faults.clear();
    this.claims.clear();
    this.journal.clear();
    this.limiter.configure(this.#startRateLimit);
  }
}
