/** What the pages are told about the mock's accounts and clients (docs/console.md). */
import { DEFAULT_PASSWORD, type Client } from '../data/dataset.ts';
import type { User } from '../spec/types.ts';
import type { PageData } from './pages.ts';

/**
 * The known accounts (docs/tokens.md) with the first client allowed the password grant: the dev client of
 * `fixtures/clients.json` unless fixtures replace it.
 */
export function pageData(
  accounts: readonly User[],
  clients: readonly Client[],
  audience: string,
  console: boolean,
): PageData {
  // A client with a secret: the public browser client (docs/login.md) cannot use the password grant.
  const client = clients.find((c) => c.grant_types.includes('password') && c.client_secret !== undefined);
  return {
    accounts: accounts.map((user) => ({ email: user.email, name: user.name, role: user.user_type })),
    client:
      client?.client_secret === undefined
        ? undefined
        : { id: client.client_id, secret: client.client_secret },
    password: DEFAULT_PASSWORD,
    audience,
    console,
  };
}
