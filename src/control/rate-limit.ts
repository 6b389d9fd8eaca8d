/**
 * Rate limiting (docs/control-plane.md): a token bucket per key (a bearer token, a client address, or a client_id on the
 * token endpoint), `limit` requests per `window`, refilled continuously. Memory stays bounded in bytes whatever
 * clients send: buckets are keyed by a digest of the key (a 12 KB token costs what a short one does), and the least
 * recently used are forgotten past `maxKeys` (a forgotten key starts full again).
 */
import { LRUCache } from 'lru-cache';
import type { Hashing } from '../platform/platform.ts';

/** Buckets kept at most (the least recently used is forgotten beyond). */
export const RATE_LIMIT_KEYS = 10_000;

export interface RateLimitConfig {
  readonly limit: number;
  readonly windowMs: number;
  /** The window as written, e.g. `60s`. */
  readonly window: string;
}

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Unix epoch seconds when the bucket is full again (`X-RateLimit-Reset`). */
  readonly reset: number;
  /** Seconds until the next request is allowed (`Retry-After`), 0 when allowed. */
  readonly retryAfter: number;
}

const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * Parses `N/W`: N requests per window W with unit s, m or h (`100/60s`, `5/1s`, `1000/1h`).
 *
 * @example parseRateLimit('100/60s') // { limit: 100, windowMs: 60000, window: '60s' }
 */
export function parseRateLimit(text: string): RateLimitConfig | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)([smh])\s*$/.exec(text);
  if (match === null) return undefined;
  return rateLimit(Number(match[1]), `${match[2] ?? ''}${match[3] ?? ''}`);
}

/** A config from a limit and a window such as `60s`; undefined when either is not positive. */
export function rateLimit(limit: number, window: string): RateLimitConfig | undefined {
  const match = /^(\d+)([smh])$/.exec(window);
  if (match === null || !Number.isSafeInteger(limit) || limit < 1) return undefined;
  const windowMs = Number(match[1]) * (UNIT_MS[match[2] ?? 's'] ?? 1_000);
  return windowMs > 0 ? { limit, windowMs, window } : undefined;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  #config: RateLimitConfig | undefined;
  // Made on first use: a session that is never limited holds no buckets (docs/sessions.md).
  #bucketCache: LRUCache<string, Bucket> | undefined;
  readonly #maxKeys: number;
  readonly #hashing: Hashing;

  constructor(config: RateLimitConfig | undefined, hashing: Hashing, maxKeys = RATE_LIMIT_KEYS) {
    this.#config = config;
    this.#hashing = hashing;
    this.#maxKeys = maxKeys;
  }

  get #buckets(): LRUCache<string, Bucket> {
    return (this.#bucketCache ??= new LRUCache({ max: this.#maxKeys }));
  }

  get config(): RateLimitConfig | undefined {
    return this.#config;
  }

  /** Number of keys with a bucket (bounded by maxKeys). */
  get keys(): number {
    return this.#bucketCache?.size ?? 0;
  }

  /** Changes the limit (undefined turns limiting off); every counter restarts. */
  configure(config: RateLimitConfig | undefined): void {
    this.#config = config;
    this.#bucketCache = undefined;
  }

  clear(): void {
    this.#bucketCache = undefined;
  }

  /** Takes one request from `key`'s bucket at `now` (epoch ms); undefined when limiting is off. */
  take(key: string, now: number): RateDecision | undefined {
    const config = this.#config;
    if (config === undefined) return undefined;
    const perMs = config.limit / config.windowMs;
    const digest = this.#hashing.sha256(key);
    let bucket = this.#buckets.get(digest);
    if (bucket === undefined) {
      bucket = { tokens: config.limit, at: now };
      this.#buckets.set(digest, bucket);
    } else {
      bucket.tokens = Math.min(config.limit, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
      bucket.at = now;
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const fullInMs = (config.limit - bucket.tokens) / perMs;
    return {
      allowed,
      limit: config.limit,
      remaining: Math.floor(bucket.tokens),
      reset: Math.ceil((now + fullInMs) / 1000),
      retryAfter: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)),
    };
  }
}
