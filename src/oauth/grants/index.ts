/** The grants of the token endpoint, one file each, by `grant_type` (docs/tokens.md, docs/login.md). */
import type { GrantType } from '../../data/dataset.ts';
import { authorizationCodeGrant } from './authorization-code.ts';
import { clientCredentialsGrant } from './client-credentials.ts';
import type { Grant } from './grant.ts';
import { passwordGrant } from './password.ts';
import { refreshTokenGrant } from './refresh-token.ts';

export const GRANTS: Readonly<Record<GrantType, Grant>> = {
  password: passwordGrant,
  client_credentials: clientCredentialsGrant,
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
};

/** Whether `name` is a grant type of the token endpoint. */
export function isGrantType(name: string): name is GrantType {
  return Object.hasOwn(GRANTS, name);
}
