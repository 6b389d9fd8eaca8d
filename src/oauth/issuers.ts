/**
 * The issuer (docs/tokens.md): `--issuer` pins it; without it, it follows the address the client used, so that a
 * client that reached `http://127.0.0.1:8080` gets discovery and tokens with `iss: http://127.0.0.1:8080/` and one
 * that reached `http://localhost:8080` gets `http://localhost:8080/`. A token is accepted when its `iss` is the
 * pinned issuer, a loopback name or address, the `--host` address or an `--allowed-host` at the server's port, or
 * one this server minted a token under lately (the MAX_REMEMBERED_ISSUERS most recently used). A discovery request
 * naming a made-up `Host` mints nothing, so it cannot push a suite's issuer out.
 */
import { LRUCache } from 'lru-cache';

/** Issuers the server answered under that it remembers (the least recently used is forgotten beyond). */
export const MAX_REMEMBERED_ISSUERS = 1_024;

export interface IssuerSettings {
  /** The issuer with a trailing slash: the pinned one, or the one a request without an address gets. */
  readonly issuer: string;
  /** Whether `--issuer` pinned it. */
  readonly pinned: boolean;
  /** The authorization server's port, at which `localhost` and `127.0.0.1` are always accepted. */
  readonly port: number;
  /** Host names or addresses also always accepted at `port` (`--host`, `--allowed-host`). */
  readonly hosts?: readonly string[] | undefined;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

/** `host` as it stands in a URL's authority (an IPv6 address in brackets). */
function authorityHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export class Issuers {
  readonly settings: IssuerSettings;
  readonly #always: ReadonlySet<string>;
  readonly #remembered = new LRUCache<string, true>({ max: MAX_REMEMBERED_ISSUERS });

  constructor(settings: IssuerSettings) {
    this.settings = settings;
    const hosts = [...LOOPBACK, ...(settings.hosts ?? []).filter((host) => !WILDCARD.has(host))];
    const always = new Set([settings.issuer]);
    for (const host of new Set(hosts.map((h) => authorityHost(h.toLowerCase())))) {
      always.add(`http://${host}:${settings.port}/`);
      if (!LOOPBACK.includes(host)) always.add(`https://${host}:${settings.port}/`);
    }
    this.#always = always;
  }

  /**
   * The issuer of an answer to a request that reached `origin` (`http://127.0.0.1:8080`): the pinned issuer, or the
   * origin with a trailing slash. Without an origin, the default. Nothing is remembered until a token is minted.
   */
  forOrigin(origin: string | undefined): string {
    if (this.settings.pinned || origin === undefined) return this.settings.issuer;
    return `${origin}/`;
  }

  /** Remembers `issuer` as one this server minted a token under (the least recently used forgotten beyond). */
  minted(issuer: string): void {
    if (!this.#always.has(issuer)) this.#remembered.set(issuer, true);
  }

  /** Whether a token with this `iss` is one of this server's (a use keeps a remembered issuer recent). */
  accepts(iss: unknown): boolean {
    return typeof iss === 'string' && (this.#always.has(iss) || this.#remembered.get(iss) === true);
  }

  /** The accepted issuers, for messages: the always-accepted ones, then the remembered, most recent first. */
  list(): string[] {
    return [...this.#always, ...this.#remembered.keys()];
  }
}
