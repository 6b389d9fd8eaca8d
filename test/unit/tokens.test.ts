import { createHash, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEEWAY_SECONDS, TokenError, type Claims } from '../../src/oauth/claims.ts';
import {
  DEV_SIGNING_KEY_PATH,
  keyPairFromPem,
  readKeyPair,
  SigningKeyError,
} from '../../src/platform/node/signing-keys.ts';
import {
  ACCEPTED_ISSUERS,
  craftJwt,
  decodePart,
  KEYS,
  SETTINGS,
  START,
  tokenService,
} from '../support/token-service.ts';

const START_S = Date.parse(START) / 1000;
const USER_ID_CLAIM = 'https://identity.example.com/userID';

/** The reason of the TokenError `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TokenError);
    if (!(error instanceof TokenError)) throw error;
    expect(error.message).toBe(`the access token is invalid: ${error.reason}`);
    expect(error.name).toBe('TokenError');
    return error.reason;
  }
  throw new Error('expected a TokenError, but the token was accepted');
}

describe('TokenService.sign / verify', () => {
  it('round trip: verify returns the signed claims', () => {
    const { tokens } = tokenService();
    const signed = tokens.sign({ sub: 'auth0|u1', permissions: ['read:users'], [USER_ID_CLAIM]: 'u1' });
    expect(tokens.verify(signed.token)).toEqual(signed.claims);
    expect(decodePart(signed.token, 1)).toEqual(signed.claims);
  });

  it('defaults: iss, aud, iat from the injected clock, exp = iat + ttl, a uuid jti', () => {
    const { tokens } = tokenService();
    const { claims } = tokens.sign({ sub: 'auth0|u1' });
    const { jti, ...rest } = claims;
    expect(rest).toEqual({
      iss: SETTINGS.issuer,
      aud: SETTINGS.audience,
      iat: START_S,
      exp: START_S + SETTINGS.ttlSeconds,
      sub: 'auth0|u1',
    });
    expect(jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('iat follows the clock, in whole seconds', () => {
    const { tokens, clock } = tokenService();
    clock.advanceSeconds(90.7);
    expect(tokens.nowSeconds()).toBe(START_S + 90);
    expect(tokens.sign({}).claims.iat).toBe(START_S + 90);
  });

  it('every token gets its own jti', () => {
    const { tokens } = tokenService();
    const jtis = new Set(Array.from({ length: 50 }, () => tokens.sign({}).claims.jti));
    expect(jtis.size).toBe(50);
  });

  it('the header names RS256 and the kid of the key', () => {
    const { tokens } = tokenService();
    expect(decodePart(tokens.sign({}).token, 0)).toEqual({ alg: 'RS256', typ: 'JWT', kid: KEYS.kid });
  });

  it.each([
    {
      name: 'aud',
      claims: { aud: 'https://other.example.com' },
      expected: { aud: 'https://other.example.com' },
    },
    {
      name: 'iss',
      claims: { iss: 'https://evil.example.com/' },
      expected: { iss: 'https://evil.example.com/' },
    },
    { name: 'exp in the past', claims: { exp: START_S - 10 }, expected: { exp: START_S - 10 } },
    { name: 'iat', claims: { iat: 1 }, expected: { iat: 1 } },
    { name: 'jti', claims: { jti: 'fixed' }, expected: { jti: 'fixed' } },
  ])('a claim overrides its default: $name', ({ claims, expected }) => {
    const { tokens } = tokenService();
    expect(tokens.sign(claims).claims).toMatchObject(expected);
  });

  it.each([
    { name: 'exp', remove: 'exp' },
    { name: 'jti', remove: 'jti' },
    { name: 'aud', remove: 'aud' },
    { name: 'iss', remove: 'iss' },
    { name: 'iat', remove: 'iat' },
  ])('a claim set to undefined is left out: $name', ({ remove }) => {
    const { tokens } = tokenService();
    const { claims, token } = tokens.sign({ [remove]: undefined });
    expect(Object.keys(claims)).not.toContain(remove);
    // `claims` is documented as "the payload as signed": the token must carry exactly that.
    expect(decodePart(token, 1)).toEqual(claims);
  });

  it('a token without exp never expires', () => {
    const { tokens, clock } = tokenService();
    const { token } = tokens.sign({ exp: undefined });
    clock.advanceSeconds(10 * 365 * 86_400);
    expect(tokens.verify(token)).not.toHaveProperty('exp');
  });

  it.each([
    { name: 'default namespace', namespace: 'https://identity.example.com', claim: USER_ID_CLAIM },
    {
      name: 'trailing slash dropped',
      namespace: 'https://ns.example.com/',
      claim: 'https://ns.example.com/userID',
    },
    {
      name: 'several trailing slashes dropped',
      namespace: 'https://ns.example.com//',
      claim: 'https://ns.example.com/userID',
    },
  ])('userIdClaim: $name', ({ namespace, claim }) => {
    expect(tokenService({ claimsNamespace: namespace }).tokens.userIdClaim).toBe(claim);
  });
});

describe('TokenService.verify: time, with the 30 s leeway', () => {
  it('the leeway is 30 seconds', () => {
    expect(LEEWAY_SECONDS).toBe(30);
  });

  it.each([
    { name: 'just issued', advance: 0, valid: true },
    { name: 'one second before exp', advance: 3599, valid: true },
    { name: 'at exp, within the leeway', advance: 3600, valid: true },
    { name: 'exp + 29 s, within the leeway', advance: 3629, valid: true },
    { name: 'exp + 30 s, beyond the leeway', advance: 3630, valid: false },
    { name: 'a day later', advance: 86_400, valid: false },
  ])('exp: $name', ({ advance, valid }) => {
    const { tokens, clock } = tokenService();
    const { token, claims } = tokens.sign({});
    clock.advanceSeconds(advance);
    if (valid) expect(tokens.verify(token)).toEqual(claims);
    else
      expect(refusal(() => tokens.verify(token))).toBe(
        `it expired at ${new Date((START_S + 3600) * 1000).toISOString()}`,
      );
  });

  it('a cached verification still re-checks expiry', () => {
    const { tokens, clock } = tokenService();
    const { token } = tokens.sign({});
    expect(tokens.verify(token)).toBeDefined();
    expect(tokens.verify(token)).toBeDefined();
    clock.advanceSeconds(3600 + 30);
    expect(refusal(() => tokens.verify(token))).toMatch(/^it expired at /);
  });

  it.each([
    { name: 'nbf 31 s ahead: refused', nbf: 31, valid: false },
    { name: 'nbf 30 s ahead: within the leeway', nbf: 30, valid: true },
    { name: 'nbf now', nbf: 0, valid: true },
    { name: 'nbf in the past', nbf: -600, valid: true },
  ])('nbf: $name', ({ nbf, valid }) => {
    const { tokens } = tokenService();
    const { token } = tokens.sign({ nbf: START_S + nbf });
    if (valid) expect(tokens.verify(token)).toHaveProperty('nbf', START_S + nbf);
    else
      expect(refusal(() => tokens.verify(token))).toBe(
        `it is not valid before ${new Date((START_S + nbf) * 1000).toISOString()}`,
      );
  });

  it('a token not yet valid becomes valid as the clock moves', () => {
    const { tokens, clock } = tokenService();
    const { token } = tokens.sign({ nbf: START_S + 100 });
    expect(refusal(() => tokens.verify(token))).toMatch(/^it is not valid before /);
    clock.advanceSeconds(70);
    expect(tokens.verify(token)).toHaveProperty('nbf', START_S + 100);
  });
});

describe('TokenService.verify: refusals', () => {
  const valid = (): { claims: Claims; token: string } => tokenService().tokens.sign({ sub: 'auth0|u1' });
  const otherRsa = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it.each([
    {
      name: 'wrong iss',
      claims: { iss: 'https://evil.example.com/' },
      reason: `its issuer "https://evil.example.com/" is not ${ACCEPTED_ISSUERS}`,
    },
    {
      name: 'iss without its trailing slash',
      claims: { iss: 'http://localhost:8080' },
      reason: `its issuer "http://localhost:8080" is not ${ACCEPTED_ISSUERS}`,
    },
    { name: 'no iss', claims: { iss: undefined }, reason: `its issuer null is not ${ACCEPTED_ISSUERS}` },
    {
      name: 'wrong aud',
      claims: { aud: 'https://other.example.com' },
      reason: `its audience "https://other.example.com" is not ${SETTINGS.audience}`,
    },
    {
      name: 'aud list without ours',
      claims: { aud: ['a', 'b'] },
      reason: `its audience ["a","b"] is not ${SETTINGS.audience}`,
    },
    { name: 'no aud', claims: { aud: undefined }, reason: `its audience null is not ${SETTINGS.audience}` },
  ])('$name', ({ claims, reason }) => {
    const { tokens } = tokenService();
    expect(refusal(() => tokens.verify(tokens.sign(claims).token))).toBe(reason);
  });

  it('an aud list that includes ours is accepted', () => {
    const { tokens } = tokenService();
    const { token } = tokens.sign({ aud: ['https://other.example.com', SETTINGS.audience] });
    expect(tokens.verify(token).aud).toEqual(['https://other.example.com', SETTINGS.audience]);
  });

  it.each([
    {
      name: 'unknown kid',
      token: () =>
        craftJwt({ alg: 'RS256', typ: 'JWT', kid: 'other-key' }, decodePart(valid().token, 1), {
          rsa: KEYS.privateKey,
        }),
      reason: 'kid "other-key" is not a key of this server (see /.well-known/jwks.json)',
    },
    {
      name: 'no kid',
      token: () =>
        craftJwt({ alg: 'RS256', typ: 'JWT' }, decodePart(valid().token, 1), { rsa: KEYS.privateKey }),
      reason: 'kid null is not a key of this server (see /.well-known/jwks.json)',
    },
    {
      name: 'alg none',
      token: () => craftJwt({ alg: 'none', typ: 'JWT', kid: KEYS.kid }, decodePart(valid().token, 1)),
      reason: 'alg none is not accepted (RS256 only)',
    },
    {
      name: 'HS256 keyed with the public key',
      token: () =>
        craftJwt({ alg: 'HS256', typ: 'JWT', kid: KEYS.kid }, decodePart(valid().token, 1), {
          secret: KEYS.publicKey.export({ type: 'spki', format: 'pem' }),
        }),
      reason: 'alg HS256 is not accepted (RS256 only)',
    },
    {
      name: 'RS512 with our key',
      token: () =>
        craftJwt({ alg: 'RS512', typ: 'JWT', kid: KEYS.kid }, decodePart(valid().token, 1), {
          rsa: KEYS.privateKey,
        }),
      reason: 'alg RS512 is not accepted (RS256 only)',
    },
    {
      name: 'tampered payload (permissions added)',
      token: () => {
        const [header, , signature] = valid().token.split('.');
        const payload = Buffer.from(
          JSON.stringify({ ...decodePart(valid().token, 1), permissions: ['delete:users'] }),
        ).toString('base64url');
        return `${header ?? ''}.${payload}.${signature ?? ''}`;
      },
      reason: 'its signature does not verify',
    },
    {
      name: 'signature of another token',
      token: () => {
        const [header, payload] = valid().token.split('.');
        const signature = tokenService().tokens.sign({ sub: 'auth0|u2' }).token.split('.')[2];
        return `${header ?? ''}.${payload ?? ''}.${signature ?? ''}`;
      },
      reason: 'its signature does not verify',
    },
    {
      name: 'signed by another RSA key with our kid',
      token: () =>
        craftJwt({ alg: 'RS256', typ: 'JWT', kid: KEYS.kid }, decodePart(valid().token, 1), {
          rsa: otherRsa.privateKey,
        }),
      reason: 'its signature does not verify',
    },
    {
      name: 'another key embedded as jwk in the header (ignored)',
      token: () =>
        craftJwt(
          {
            alg: 'RS256',
            typ: 'JWT',
            kid: KEYS.kid,
            jwk: otherRsa.publicKey.export({ format: 'jwk' }),
            jku: 'https://evil.example.com/jwks.json',
          },
          decodePart(valid().token, 1),
          { rsa: otherRsa.privateKey },
        ),
      reason: 'its signature does not verify',
    },
    {
      name: 'a JWS whose payload is not JSON',
      token: () => craftJwt({ alg: 'RS256', kid: KEYS.kid }, 'hello', { rsa: KEYS.privateKey }),
      reason: 'it is not a JWT',
    },
    { name: 'not a JWT: a word', token: () => 'hello', reason: 'it is not a JWT' },
    { name: 'not a JWT: empty', token: () => '', reason: 'it is not a JWT' },
    { name: 'not a JWT: three dotted words', token: () => 'a.b.c', reason: 'it is not a JWT' },
    { name: 'not a JWT: a uuid', token: () => randomUUID(), reason: 'it is not a JWT' },
  ])('$name', ({ token, reason }) => {
    const { tokens } = tokenService();
    expect(refusal(() => tokens.verify(token()))).toBe(reason);
  });

  it('a refused token stays refused (refusals are not cached as successes)', () => {
    const { tokens } = tokenService();
    const token = tokens.sign({ aud: 'nope' }).token;
    expect(refusal(() => tokens.verify(token))).toMatch(/^its audience/);
    expect(refusal(() => tokens.verify(token))).toMatch(/^its audience/);
  });

  it('a token of a service with another issuer is refused by this one', () => {
    const other = tokenService({ issuer: 'http://localhost:9999/' }).tokens;
    const { tokens } = tokenService();
    expect(refusal(() => tokens.verify(other.sign({}).token))).toBe(
      `its issuer "http://localhost:9999/" is not ${ACCEPTED_ISSUERS}`,
    );
  });
});

describe('signing keys', () => {
  it('kid is the RFC 7638 thumbprint of the public key', () => {
    const jwk = createPublicKey(readFileSync(DEV_SIGNING_KEY_PATH, 'utf8')).export({ format: 'jwk' });
    const canonical = `{"e":"${jwk.e ?? ''}","kty":"RSA","n":"${jwk.n ?? ''}"}`;
    expect(KEYS.kid).toBe(createHash('sha256').update(canonical).digest('base64url'));
  });

  it('jwk is the public key with kid, alg and use, and nothing private', () => {
    const jwk = createPublicKey(KEYS.privateKey).export({ format: 'jwk' });
    expect(KEYS.jwk).toEqual({ kty: 'RSA', n: jwk.n, e: jwk.e, kid: KEYS.kid, alg: 'RS256', use: 'sig' });
    expect(Object.isFrozen(KEYS.jwk)).toBe(true);
  });

  it('the public key is the private key’s', () => {
    expect(KEYS.publicKey.export({ format: 'jwk' })).toEqual(
      createPublicKey(KEYS.privateKey).export({ format: 'jwk' }),
    );
    expect(KEYS.privateKey.type).toBe('private');
    expect(KEYS.publicKey.type).toBe('public');
  });

  it('reading the dev key twice gives the same kid', () => {
    expect(readKeyPair().kid).toBe(KEYS.kid);
  });

  it('another RSA key gets another kid', () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(keyPairFromPem(pem.toString()).kid).not.toBe(KEYS.kid);
  });

  it.each([
    {
      name: 'an EC key',
      pem: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      type: 'ec',
    },
    { name: 'an Ed25519 key', pem: () => generateKeyPairSync('ed25519').privateKey, type: 'ed25519' },
    {
      name: 'an RSA-PSS key',
      pem: () => generateKeyPairSync('rsa-pss', { modulusLength: 2048 }).privateKey,
      type: 'rsa-pss',
    },
  ])('refuses $name, naming its type', ({ pem, type }) => {
    const text = pem().export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => keyPairFromPem(text)).toThrow(
      `the signing key is a ${type} key; accepted: an unencrypted RSA private key of 2048 bits or more`,
    );
  });

  it('refuses an RSA key under 2048 bits, naming its size', () => {
    const text = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => keyPairFromPem(text, 'signing key k.pem')).toThrow(
      'signing key k.pem is an RSA key of 1024 bits; accepted: an unencrypted RSA private key of 2048 bits or more',
    );
  });

  it.each([
    { name: 'a file that does not exist', path: '/nonexistent/key.pem', says: 'cannot be read (ENOENT)' },
    { name: 'a file that is not a key', path: fileURLToPath(import.meta.url), says: 'cannot be parsed' },
  ])('refuses $name, naming the file', ({ path, says }) => {
    expect(() => readKeyPair(path)).toThrow(SigningKeyError);
    expect(() => readKeyPair(path)).toThrow(`signing key ${path} ${says}`);
  });
});
