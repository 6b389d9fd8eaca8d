/**
 * A dataset: everything the mock serves, whether seeded by faker (`seed.ts`) or loaded from JSON (`fixtures.ts`).
 * Every dataset holds the three known accounts and the default dev client of docs/tokens.md.
 */
import type { User } from '../spec/types.ts';

/** A workspace and the ids of its member users (docs/access.md). Ids are slugs such as `ws-01`. */
export interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly members: readonly string[];
}

/** Grants of the token endpoint, in the order discovery lists them (docs/login.md, docs/tokens.md). */
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'password', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** An OAuth client of the fake authorization server (docs/tokens.md). */
export interface Client {
  readonly client_id: string;
  /** Undefined for a public client (a browser app), which authenticates with PKCE instead (docs/login.md). */
  readonly client_secret: string | undefined;
  readonly name: string;
  readonly grant_types: readonly GrantType[];
  readonly audiences: readonly string[];
  /** Permissions of client_credentials tokens. */
  readonly permissions: readonly string[];
  /** Where `/authorize` may send the browser back to: URI rules of `src/protocol/uri-rules.ts`. */
  readonly redirect_uris: readonly string[];
  /** Where a logout may send the browser: URI rules of `src/protocol/uri-rules.ts`. */
  readonly logout_uris: readonly string[];
}

export interface Dataset {
  /** Users, known accounts included, in a stable order. */
  readonly users: readonly User[];
  /**
   * Passwords of the users who have their own, by user id; everyone else has DEFAULT_PASSWORD (see
   * `passwordOf`). Seeded datasets hold none: a copy of one password per user would only cost memory.
   */
  readonly passwords: ReadonlyMap<string, string>;
  readonly workspaces: readonly Workspace[];
  readonly clients: readonly Client[];
}

/** The client `id` of a dataset's `clients`, if there is one. */
export function clientById(clients: readonly Client[], id: string): Client | undefined {
  return clients.find((client) => client.client_id === id);
}

/** The password of every seeded user and of every fixture user that does not set one (docs/tokens.md). */
export const DEFAULT_PASSWORD = 'Passw0rd!';

/** The password of user `id` in a dataset's `passwords`. */
export function passwordOf(passwords: ReadonlyMap<string, string>, id: string): string {
  return passwords.get(id) ?? DEFAULT_PASSWORD;
}
