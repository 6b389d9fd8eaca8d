/** `grant_type=client_credentials` (docs/tokens.md): a token for the client itself, with the client's permissions. */
import type { Grant } from './grant.ts';

export const clientCredentialsGrant: Grant = () => ({ user: undefined, gty: 'client-credentials' });
