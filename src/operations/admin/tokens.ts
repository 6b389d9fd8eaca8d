/** The admin operation tagged Tokens: `POST /__admin/tokens`, user app tokens minted on demand (docs/tokens.md). */
import type { Handler, RequestContext } from '../../context.ts';
import {
  mintAppToken,
  planAppToken,
  type AppTokenRequest,
  type MintedToken,
} from '../../oauth/app-tokens.ts';
import type { operations } from '../../spec/admin-types.ts';
import { issuerOf } from '../issuer.ts';
import { adminJson } from './reply.ts';
import type { JsonBody } from '../body-types.ts';

type MintBody = JsonBody<operations['mintToken']>;

/** Mints an app token in the request's session, by its clock. */
export function mintIn(context: RequestContext, request: AppTokenRequest): Promise<MintedToken> {
  const { services, session } = context;
  const plan = planAppToken(
    services.tokens,
    session.state.store,
    services.api.rolePermissions,
    request,
    services.settings.appTokenClientId,
    Math.floor(context.now() / 1000),
    issuerOf(context),
  );
  return mintAppToken(services.tokens, plan);
}

export const mintToken: Handler<MintBody> = async (context) => {
  const input = context.body;
  const minted = await mintIn(context, {
    user: input.user,
    ...(input.permissions === undefined ? {} : { permissions: input.permissions }),
    ...(input.expires_in === undefined ? {} : { expiresIn: input.expires_in }),
    ...(input.expires_at === undefined ? {} : { expiresAt: input.expires_at }),
    ...(input.audience === undefined ? {} : { audience: input.audience }),
    ...(input.claims === undefined ? {} : { claims: input.claims }),
    ...(input.id_token === undefined
      ? {}
      : {
          idToken: {
            ...(input.id_token.client_id === undefined ? {} : { clientId: input.id_token.client_id }),
            ...(input.id_token.scope === undefined ? {} : { scope: input.id_token.scope }),
            ...(input.id_token.nonce === undefined ? {} : { nonce: input.id_token.nonce }),
          },
        }),
  });
  return adminJson(201, {
    access_token: minted.accessToken,
    token_type: 'Bearer',
    expires_in: minted.expiresIn,
    claims: minted.claims,
    ...(minted.idToken === undefined ? {} : { id_token: minted.idToken }),
  });
};
