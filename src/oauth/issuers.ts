/**
 * The issuer (docs/tokens.md): `--issuer` pins it; without it, it follows the address the client used, so that a
 * client that reached `http://127.0.0.1:8080` gets discovery and tokens with `iss: http://127.0.0.1:8080/` and one
 * that reached `http://localhost:8080` gets `http://localhost:8080/`. A token is accepted when its `iss` is the
 * pinned issuer, `localhost` or `127.0.0.1` at the server's port, or one this server answered under lately (the
 * MAX_REMEMBERED_ISSUERS most recent).
 */
import { LRUCache } from 'lru-cache';

/** Issuers the server answered under that it remembers (the least recently used is forgotten beyond). */
export const MAX_REMEMBERED_ISSUERS = 32;

export interface IssuerSettings {
  /** The issuer with a trailing slash: the pinned one, or the one a request without an address gets. */
  readonly issuer: string;
  /** Whether `--issuer` pinned it. */
  readonly pinned: boolean;
  /** The authorization server's port, at which `localhost` and `127.0.0.1` are always accepted. */
  readonly port: number;
}

export class Issuers {
  readonly settings: IssuerSettings;
  readonly #always: ReadonlySet<string>;
  readonly #remembered = new LRUCache<string, true>({ max: MAX_REMEMBERED_ISSUERS });

  constructor(settings: IssuerSettings) {
    this.settings = settings;
    this.#always = new Set([
      settings.issuer,
      `http://localhost:${settings.port}/`,
      `http://127.0.0.1:${settings.port}/`,
    ]);
  }

  /**
   * The issuer of an answer to a request that reached `origin` (`http://127.0.0.1:8080`): the pinned issuer, or the
   * origin with a trailing slash, remembered as one this server answered under. Without an origin, the default.
   */
  forOrigin(origin: string | undefined): string {
    if (this.settings.pinned || origin === undefined) return this.settings.issuer;
    const issuer = `${origin}/`;
    if (!this.#always.has(issuer)) this.#remembered.set(issuer, true);
    return issuer;
  }

  /** Whether a token with this `iss` is one of this server's. */
  accepts(iss: unknown): boolean {
    return typeof iss === 'string' && (this.#always.has(iss) || this.#remembered.has(iss));
  }

  /** The accepted issuers, for messages: the always-accepted ones, then the remembered, most recent first. */
  list(): string[] {
    return [...this.#always, ...this.#remembered.keys()];
  }
}
