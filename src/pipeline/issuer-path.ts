/**
 * An issuer with a path (`--issuer http://host:8080/tenant`, docs/tokens.md "The issuer"): OIDC Discovery §4 puts
 * its metadata at `<issuer>/.well-known/openid-configuration`, and discovery names every endpoint under it, so the
 * authorization server's operations answer under that path as well as at the root.
 */
import type { OperationSpec } from '../spec/model.ts';
import type { RouteTable } from '../spec/route-table.ts';

/** The path of a pinned issuer without its trailing slash (`/tenant`), or undefined for an issuer at the root. */
export function issuerPathOf(issuer: string, pinned: boolean): string | undefined {
  if (!pinned) return undefined;
  let pathname: string;
  try {
    pathname = new URL(issuer).pathname;
  } catch {
    return undefined;
  }
  const path = pathname.replace(/\/+$/, '');
  return path === '' ? undefined : path;
}

/**
 * The path an authorization-server operation is routed at: `path` with the issuer's path taken off when what
 * remains is a path of one of those operations (`/tenant/oauth/token` → `/oauth/token`; a method it does not take
 * is then that path's 405); otherwise `path` as it is.
 */
export function underIssuer(
  path: string,
  issuerPath: string | undefined,
  routes: RouteTable,
  isAuthorization: (operation: OperationSpec) => boolean,
): string {
  if (issuerPath === undefined || !path.startsWith(`${issuerPath}/`)) return path;
  const rest = path.slice(issuerPath.length);
  const served = ['GET', 'POST'].some((method) => {
    const match = routes.match(method, rest);
    return match.kind === 'found' && isAuthorization(match.operation);
  });
  return served ? rest : path;
}
