/**
 * The admin operations tagged Identity provider (docs/tokens.md, "Steering the identity provider from a test"):
 * the session's claim rules and test clock, and the server's signing keys.
 */
import type { ClaimRuleInput } from '../../control/claim-rules.ts';
import { clockState, type SessionClock } from '../../control/clock.ts';
import type { Handler, Services } from '../../context.ts';
import { conflict, invalidRequest, invalidSigningKey, notFound, quote } from '../../errors.ts';
import type { KeyStanding } from '../../oauth/key-lifecycle.ts';
import { KeyRejected, MAX_KEYS, type KeyInfo } from '../../platform/platform.ts';
import type { components, operations } from '../../spec/admin-types.ts';
import { adminJson, done } from './reply.ts';
import type { JsonBody } from '../body-types.ts';

type ClockBody = JsonBody<operations['setClock']>;
type KeyBody = JsonBody<operations['addKey']>;

export const listClaimRules: Handler = ({ session }) =>
  adminJson(200, { rules: session.control.claims.list() });

export const addClaimRule: Handler<ClaimRuleInput> = ({ session, body }) =>
  adminJson(201, session.control.claims.add(body));

export const clearClaimRules: Handler = ({ session }) => {
  session.control.claims.clear();
  return done('Claim rules removed');
};

export const deleteClaimRule: Handler = ({ session, params }) => {
  const id = params.id ?? '';
  if (!session.control.claims.remove(id)) {
    throw notFound('claim_rule_not_found', `no claim rule ${quote(id)} in this session`);
  }
  return done('Claim rule removed');
};

/** The clock as `GET /__admin/clock` shows it. */
function clockBody(clock: SessionClock): components['schemas']['Clock'] {
  const { now, frozen, offsetMs } = clockState(clock);
  return { now, frozen, offset_ms: offsetMs };
}

export const getClock: Handler = ({ session }) => adminJson(200, clockBody(session.clock));

export const setClock: Handler<ClockBody> = ({ session, body }) => {
  const { clock } = session;
  if ('now' in body) clock.freezeAt(body.now);
  else if ('advance' in body) clock.advance(body.advance);
  else clock.run();
  return adminJson(200, clockBody(clock));
};

export const resetClock: Handler = ({ session }) => {
  session.clock.reset();
  return adminJson(200, clockBody(session.clock));
};

function keyBody(standing: KeyStanding): components['schemas']['SigningKey'] {
  const { key, state, activateAt, removedAt } = standing;
  return {
    kid: key.kid,
    created: new Date(key.created).toISOString(),
    signing: state === 'active',
    state,
    ...(activateAt === undefined ? {} : { activate_at: new Date(activateAt).toISOString() }),
    ...(removedAt === undefined ? {} : { removed_at: new Date(removedAt).toISOString() }),
  };
}

/** The standing of published key `kid` (one just added or activated). */
function standingOf(services: Services, kid: string): components['schemas']['SigningKey'] {
  const standing = services.tokens.keys.standings().find((s) => s.key.kid === kid);
  if (standing === undefined) throw new Error(`key ${kid} is not published`);
  return keyBody(standing);
}

export const listKeys: Handler = ({ services }) =>
  adminJson(200, { keys: services.tokens.keys.standings().map(keyBody) });

const TOO_MANY_KEYS = `at most ${MAX_KEYS} signing keys are published; retire one (DELETE /__admin/keys/{kid}) first`;

export const addKey: Handler<KeyBody> = async ({ services, body }) => {
  const { keys } = services.tokens;
  // A new key is refused before it is generated; a PEM may name a key published already (it signs again).
  if (body.pem === undefined && keys.keys.length >= MAX_KEYS) throw invalidRequest(TOO_MANY_KEYS);
  let key: KeyInfo;
  try {
    // Keys are the server's: they are dated by real time, not by a session's test clock.
    const activateAt = body.activate_at === undefined ? undefined : Date.parse(body.activate_at);
    key = await keys.add(body.pem, services.clock(), body.activate, activateAt);
  } catch (error) {
    if (!(error instanceof KeyRejected)) throw error;
    throw invalidSigningKey(error.message, [{ location: 'body', name: 'pem', message: error.message }]);
  }
  if (keys.keys.length > MAX_KEYS) {
    keys.discard(key.kid);
    throw invalidRequest(TOO_MANY_KEYS);
  }
  return adminJson(201, standingOf(services, key.kid));
};

export const activateKey: Handler = ({ services, params }) => {
  const kid = params.kid ?? '';
  if (!services.tokens.keys.activate(kid)) {
    throw notFound('key_not_found', `no signing key ${quote(kid)}; GET /__admin/keys lists them`);
  }
  return adminJson(200, standingOf(services, kid));
};

export const retireKey: Handler = ({ services, params }) => {
  const kid = params.kid ?? '';
  switch (services.tokens.keys.retire(kid)) {
    case 'unknown':
      throw notFound('key_not_found', `no signing key ${quote(kid)}; GET /__admin/keys lists them`);
    case 'last':
      throw conflict(
        'last_key',
        `key ${quote(kid)} is the only signing key: add another (POST /__admin/keys) first`,
      );
    case 'retired':
      // Tokens it signed are checked again, and refused, from the next request on.
      services.tokens.forgetVerified();
      return done('Signing key retired');
  }
};
