/**
 * OAuth clients of the fake authorization server (docs/tokens.md): parsing of client records and the defaults of
 * `fixtures/clients.json`, whose `mock-client` every dataset has.
 */
import { DEFAULT_URI_RULES, uriRuleProblem } from '../protocol/uri-rules.ts';
import { clientById, GRANT_TYPES } from './dataset.ts';
import type { Client, GrantType } from './dataset.ts';
import { ProblemList, kindOf, recordLabel } from './fixture-error.ts';
import { readJsonFileSync } from './json-file.ts';
import { pathOf } from '../platform/node/files.ts';

/** The dev client every dataset has (docs/tokens.md). */
export const DEFAULT_CLIENT_ID = 'mock-client';

const CLIENT_KEYS = [
  'client_id',
  'client_secret',
  'name',
  'grant_types',
  'audiences',
  'permissions',
  'redirect_uris',
  'logout_uris',
];

/**
 * Checks client records (`source` names them in messages) and returns them frozen; problems go to `problems`.
 * `name` is optional and defaults to the client_id. A client without `client_secret` is public (a browser app: the
 * code flow with PKCE); `redirect_uris` and `logout_uris` default to any path on http://localhost and
 * http://127.0.0.1 (docs/login.md).
 *
 * @example
 * const problems = new ProblemList();
 * const clients = parseClients(JSON.parse(text), 'fixtures/clients.json', problems);
 * problems.throwIfAny();
 */
export function parseClients(value: unknown, source: string, problems: ProblemList): Client[] {
  if (!Array.isArray(value)) {
    problems.add(source, `expected a JSON array of clients (got ${kindOf(value)})`);
    return [];
  }
  const clients: Client[] = [];
  const indexById = new Map<string, number>();
  value.forEach((record: unknown, index) => {
    const where = recordLabel(source, index, record);
    const client = parseClient(record, where, problems);
    if (client === undefined) return;
    const previous = indexById.get(client.client_id);
    if (previous !== undefined) {
      problems.add(
        where,
        `client_id ${JSON.stringify(client.client_id)} is already used by record ${previous}`,
      );
      return;
    }
    indexById.set(client.client_id, index);
    clients.push(client);
  });
  return clients;
}

function parseClient(record: unknown, where: string, problems: ProblemList): Client | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    problems.add(where, `expected a client object (got ${kindOf(record)})`);
    return undefined;
  }
  const before = problems.size;
  const field = (key: string): unknown => Reflect.get(record, key);
  for (const key of Object.keys(record)) {
    if (!CLIENT_KEYS.includes(key))
      problems.add(where, `unknown property "${key}" (allowed: ${CLIENT_KEYS.join(', ')})`);
  }
  const clientId = nonEmptyString(field('client_id'), 'client_id', where, problems);
  const secret =
    field('client_secret') === undefined
      ? undefined
      : nonEmptyString(field('client_secret'), 'client_secret', where, problems);
  const name =
    field('name') === undefined ? clientId : nonEmptyString(field('name'), 'name', where, problems);
  const grantTypes = stringList(field('grant_types'), 'grant_types', where, problems, true).flatMap(
    (grant) => {
      const known = GRANT_TYPES.find((candidate) => candidate === grant);
      if (known === undefined)
        problems.add(where, `grant_types: "${grant}" is not one of ${GRANT_TYPES.join(', ')}`);
      return known === undefined ? [] : [known];
    },
  );
  const audiences = stringList(field('audiences'), 'audiences', where, problems, true);
  const permissions = stringList(field('permissions'), 'permissions', where, problems, false);
  const uriRules = (key: string): readonly string[] => {
    if (field(key) === undefined) return DEFAULT_URI_RULES;
    const rules = stringList(field(key), key, where, problems, false);
    for (const rule of rules) {
      const problem = uriRuleProblem(rule);
      if (problem !== undefined) problems.add(where, `${key}: ${problem}`);
    }
    return rules;
  };
  const redirectUris = uriRules('redirect_uris');
  const logoutUris = uriRules('logout_uris');
  if (
    secret === undefined &&
    grantTypes.some((grant) => grant === 'password' || grant === 'client_credentials')
  ) {
    problems.add(
      where,
      'a public client (no client_secret) may use authorization_code and refresh_token only: give it a secret or drop password and client_credentials',
    );
  }
  if (problems.size > before || clientId === undefined || name === undefined) return undefined;
  return freezeClient({
    client_id: clientId,
    client_secret: secret,
    name,
    grant_types: grantTypes,
    audiences,
    permissions,
    redirect_uris: redirectUris,
    logout_uris: logoutUris,
  });
}

function nonEmptyString(
  value: unknown,
  key: string,
  where: string,
  problems: ProblemList,
): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  problems.add(where, `${key} must be a non-empty string (got ${kindOf(value)})`);
  return undefined;
}

function stringList(
  value: unknown,
  key: string,
  where: string,
  problems: ProblemList,
  nonEmpty: boolean,
): string[] {
  const accepted = `${key} must be ${nonEmpty ? 'a non-empty' : 'an'} array of non-empty strings`;
  if (!Array.isArray(value) || (nonEmpty && value.length === 0)) {
    problems.add(where, `${accepted} (got ${kindOf(value)})`);
    return [];
  }
  const strings = value.filter((item): item is string => typeof item === 'string' && item !== '');
  if (strings.length !== value.length) problems.add(where, `${accepted} (got ${JSON.stringify(value)})`);
  return strings;
}

/** A frozen copy of `client`, its lists frozen too. */
export function freezeClient(client: {
  client_id: string;
  client_secret: string | undefined;
  name: string;
  grant_types: readonly GrantType[];
  audiences: readonly string[];
  permissions: readonly string[];
  redirect_uris?: readonly string[];
  logout_uris?: readonly string[];
}): Client {
  return Object.freeze({
    ...client,
    grant_types: Object.freeze([...client.grant_types]),
    audiences: Object.freeze([...client.audiences]),
    permissions: Object.freeze([...client.permissions]),
    redirect_uris: Object.freeze([...(client.redirect_uris ?? DEFAULT_URI_RULES)]),
    logout_uris: Object.freeze([...(client.logout_uris ?? DEFAULT_URI_RULES)]),
  });
}

const CLIENTS_URL = new URL('../../fixtures/clients.json', import.meta.url);

/** The clients of `fixtures/clients.json`, loaded once: `mock-client`, the CI client and the public `spa-client`. */
export const DEFAULT_CLIENTS: readonly Client[] = loadDefaultClients();

/** The `mock-client` of `fixtures/clients.json`. */
export const DEFAULT_CLIENT: Client = findDefaultClient(DEFAULT_CLIENTS, DEFAULT_CLIENT_ID);

/** The public client of browser apps (docs/login.md), which every dataset has too. */
export const DEFAULT_SPA_CLIENT_ID = 'spa-client';

/** The `spa-client` of `fixtures/clients.json`. */
export const DEFAULT_SPA_CLIENT: Client = findDefaultClient(DEFAULT_CLIENTS, DEFAULT_SPA_CLIENT_ID);

function loadDefaultClients(): readonly Client[] {
  const problems = new ProblemList();
  const clients = parseClients(
    readJsonFileSync(CLIENTS_URL, { optional: false }),
    pathOf(CLIENTS_URL),
    problems,
  );
  problems.throwIfAny();
  return Object.freeze(clients);
}

function findDefaultClient(clients: readonly Client[], id: string): Client {
  const client = clientById(clients, id);
  if (client === undefined) {
    throw new Error(`${pathOf(CLIENTS_URL)} must define the default client "${id}" (docs/tokens.md)`);
  }
  return client;
}
