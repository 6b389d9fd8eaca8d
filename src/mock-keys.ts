/**
 * `mock.signingKeys`: the server's signing keys in process, as `/__admin/keys` steers them (docs/tokens.md "Signing
 * keys"): list them with their state, add one that signs at once, is only published (`activate: false`) or signs
 * from an instant (`activateAt`), activate a published one, retire one. Keys are timed by the server's clock.
 */
import type { Services } from './context.ts';
import type { KeyStanding, KeyState } from './oauth/key-lifecycle.ts';
import { MAX_KEYS } from './platform/platform.ts';

/** A signing key as `GET /__admin/keys` lists it. */
export interface SigningKeyEntry {
  readonly kid: string;
  /** RFC 3339. */
  readonly created: string;
  readonly signing: boolean;
  /** `published` (not signing yet), `active` (signing) or `retired` (published until its grace ends). */
  readonly state: KeyState;
  /** A published key's instant of becoming the signing key by itself (RFC 3339). */
  readonly activateAt?: string;
  /** A retired key's instant of leaving the JWKS (RFC 3339; `--key-grace`). */
  readonly removedAt?: string;
}

/** How `add` publishes a key: the body of `POST /__admin/keys`. */
export interface AddKeyOptions {
  /** An unencrypted RSA private key in PEM (2048 to 4096 bits); without it, a new RSA 2048 key. */
  readonly pem?: string;
  /** `false` publishes the key without signing with it, until `activate(kid)`. Default `true`. */
  readonly activate?: boolean;
  /** Publishes the key now and makes it the signing key at that instant (at once when it is not later). */
  readonly activateAt?: Date | string;
}

/** The server's signing keys (`/__admin/keys`), shared by every session. */
export interface MockKeys {
  /** Every published key, the signing one first. */
  list(): SigningKeyEntry[];
  /**
   * Publishes a new RSA 2048 key, or the RSA private key `pem`; it signs at once unless the options say otherwise.
   * Resolves to it; rejects a bad PEM, a bad `activateAt` or one key beyond the limit as the admin API does.
   */
  add(options?: string | AddKeyOptions): Promise<SigningKeyEntry>;
  /** Makes published key `kid` the signing key (the previous one stays published); throws for an unknown key. */
  activate(kid: string): SigningKeyEntry;
  /** Retires key `kid`; throws for an unknown key or the last one. */
  retire(kid: string): void;
}

const TOO_MANY_KEYS = `at most ${MAX_KEYS} signing keys are published; retire one (signingKeys.retire(kid)) first`;

function entry({ key, state, activateAt, removedAt }: KeyStanding): SigningKeyEntry {
  return {
    kid: key.kid,
    created: new Date(key.created).toISOString(),
    signing: state === 'active',
    state,
    ...(activateAt === undefined ? {} : { activateAt: new Date(activateAt).toISOString() }),
    ...(removedAt === undefined ? {} : { removedAt: new Date(removedAt).toISOString() }),
  };
}

/** `activateAt` as epoch ms, or an error saying what is accepted. */
function instantOf(at: Date | string | undefined): number | undefined {
  if (at === undefined) return undefined;
  const ms = at instanceof Date ? at.getTime() : Date.parse(at);
  if (Number.isNaN(ms)) {
    const shown = at instanceof Date ? 'an invalid Date' : JSON.stringify(at);
    throw new Error(`activateAt must be a Date or an RFC 3339 date-time (got ${shown})`);
  }
  return ms;
}

/** The key set's controls over `services`: what `/__admin/keys` does, in process. */
export function mockKeys(services: Services): MockKeys {
  const { keys } = services.tokens;
  const standing = (kid: string): SigningKeyEntry => {
    const found = keys.standings().find((s) => s.key.kid === kid);
    if (found === undefined) throw new Error(`key ${kid} is not published`);
    return entry(found);
  };
  const unknown = (kid: string): Error =>
    new Error(`no signing key ${JSON.stringify(kid)}; signingKeys.list() lists them`);
  return {
    list: () => keys.standings().map(entry),
    add: async (options = {}) => {
      const { pem, activate, activateAt } = typeof options === 'string' ? { pem: options } : options;
      const at = instantOf(activateAt);
      if (pem === undefined && keys.keys.length >= MAX_KEYS) throw new Error(TOO_MANY_KEYS);
      // Keys are the server's: they are dated by real time, not by a session's test clock.
      const key = await keys.add(pem, services.clock(), activate ?? true, at);
      if (keys.keys.length > MAX_KEYS) {
        keys.discard(key.kid);
        throw new Error(TOO_MANY_KEYS);
      }
      return standing(key.kid);
    },
    activate: (kid) => {
      if (!keys.activate(kid)) throw unknown(kid);
      return standing(kid);
    },
    retire: (kid) => {
      const outcome = keys.retire(kid);
      if (outcome === 'unknown') throw unknown(kid);
      if (outcome === 'last') throw new Error(`key ${JSON.stringify(kid)} is the only signing key`);
      services.tokens.forgetVerified();
    },
  };
}
