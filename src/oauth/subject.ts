/** `sub` of the tokens the authorization server issues (docs/tokens.md), as Auth0 writes it. */

/** `sub` of a user's tokens. */
export function userSubject(userId: string): string {
  return `auth0|${userId}`;
}

/** `sub` of a client_credentials token. */
export function clientSubject(clientId: string): string {
  return `${clientId}@clients`;
}
