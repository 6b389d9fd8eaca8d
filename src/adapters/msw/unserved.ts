/**
 * Operations the MSW handlers leave to the server (docs/msw.md): the pages of the authorization-code login (a
 * browser navigates to them, which a service worker does not answer), the API reference and the console (files of
 * the package), and the pact files of `contracts/`. Each answers 404 `not_found` saying where it is served.
 */
import type { Handler } from '../../context.ts';
import { notFound } from '../../errors.ts';

const SERVER = 'the identity-mock server (npx identity-mock)';
const LOGIN = `is the authorization-code login, served by ${SERVER}; in the browser, get tokens from /oauth/token (password, client_credentials, refresh_token) or mock.token()`;

const API: Readonly<Record<string, string>> = {
  authorize: LOGIN,
  submitLogin: LOGIN,
  getDocs: `is the API reference, served by ${SERVER}`,
  getDocsAsset: `is a file of the API reference, served by ${SERVER}`,
};

const ADMIN: Readonly<Record<string, string>> = {
  getConsole: `is the console, served by ${SERVER}`,
  getConsoleAsset: `is a file of the console, served by ${SERVER}`,
  listContracts: `reads the pact files of contracts/, served by ${SERVER}`,
  getContract: `reads the pact files of contracts/, served by ${SERVER}`,
  mcp: `is the MCP server for agents, served by ${SERVER} (or on stdio: identity-mock mcp)`,
  closeMcpSession: `is the MCP server for agents, served by ${SERVER} (or on stdio: identity-mock mcp)`,
};

/** Operation ids the MSW handlers do not serve, by document. */
export const UNSERVED = Object.freeze({ api: Object.keys(API), admin: Object.keys(ADMIN) });

/** `table` with the operations of `document` that MSW does not serve answering 404 `not_found`. */
export function withUnserved(
  document: 'api' | 'admin',
  table: Readonly<Record<string, Handler<never>>>,
): Readonly<Record<string, Handler<never>>> {
  const reasons = document === 'api' ? API : ADMIN;
  const refused = Object.entries(reasons).map(([id, reason]): [string, Handler<never>] => [
    id,
    (context) => {
      throw notFound(
        'not_found',
        `${context.operation.method.toUpperCase()} ${context.operation.path} ${reason}`,
      );
    },
  ]);
  return { ...table, ...Object.fromEntries(refused) };
}
