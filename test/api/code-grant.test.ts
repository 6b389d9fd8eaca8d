/**
 * `grant_type=authorization_code` at POST /oauth/token, ID tokens and rotating refresh tokens (docs/login.md): a code
 * is single use, lives 60 s and is bound to its client, redirect URI and S256 challenge; a public client's refresh
 * tokens rotate and a reused one revokes its family.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ISSUER,
  decodeToken,
  expectOAuthError,
  expectToken,
  MOCK_CLIENT,
  passwordFields,
  postToken,
  ROLE_PERMISSIONS,
  USER_ID_CLAIM,
} from '../support/auth.ts';
import { harness, NOW, USER } from '../support/harness.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { authorizeParams, codeFields, loginCode, REDIRECT, SPA, VERIFIER } from '../support/login.ts';

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const IAT = Math.floor(NOW / 1000);

interface CodeAnswer {
  readonly access_token: string;
  readonly id_token?: string;
  readonly refresh_token?: string;
  readonly scope?: string;
}

describe('grant_type=authorization_code', () => {
  it('answers an access token (no gty), an ID token and a refresh token for the scope of the request', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const body = expectToken(await postToken(h, codeFields(code), { form: true })) as CodeAnswer;
    expect(body.scope).toBe('openid profile email offline_access');
    const access = decodeToken(body.access_token).claims;
    expect(access).toMatchObject({
      iss: DEFAULT_ISSUER,
      sub: `auth0|${ADMIN_ID}`,
      aud: DEFAULT_AUDIENCE,
      azp: SPA,
      scope: 'openid profile email offline_access',
      permissions: [...(ROLE_PERMISSIONS.saas_admin ?? [])],
      [USER_ID_CLAIM]: ADMIN_ID,
    });
    expect(access.gty).toBeUndefined();
    const id = decodeToken(body.id_token ?? '');
    expect(id.header.alg).toBe('RS256');
    expect(id.claims).toMatchObject({
      iss: DEFAULT_ISSUER,
      sub: `auth0|${ADMIN_ID}`,
      aud: SPA,
      iat: IAT,
      exp: IAT + 36_000,
      nonce: 'nonce-1',
      auth_time: IAT,
      email: 'admin@example.com',
      email_verified: true,
      name: 'Ada Admin',
      nickname: 'admin',
      updated_at: 1672531200, // 2023-01-01T00:00:00Z in seconds (OIDC Core §5.1)
    });
    expect(typeof id.claims.sid).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
  });

  it('keeps the code and the PKCE verifier out of the request journal', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    expectToken(await postToken(h, codeFields(code), { form: true }));
    const exchange = (await h.mock.session().requests({ path: '/oauth/token' }))[0];
    expect(exchange?.request.body).toMatchObject({ code: '[REDACTED]', code_verifier: '[REDACTED]' });
    expect(JSON.stringify(await h.mock.session().requests())).not.toContain(code);
    expect(JSON.stringify(await h.mock.session().requests())).not.toContain(VERIFIER);
  });

  it('the same code answered by the token endpoint once only: reuse is 403 invalid_grant', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    expectToken(await postToken(h, codeFields(code)));
    expectOAuthError(await postToken(h, codeFields(code)), 403, 'invalid_grant', /already used/);
  });

  it.each([
    {
      name: 'a wrong verifier',
      overrides: { code_verifier: `${VERIFIER}x` },
      description: /Failed to verify code verifier/,
    },
    { name: 'no verifier', overrides: { code_verifier: '' }, description: /Missing code_verifier/ },
    {
      name: 'another redirect_uri',
      overrides: { redirect_uri: 'http://localhost:5173/other' },
      description: /redirect_uri must be the redirect_uri/,
    },
    { name: 'no redirect_uri', overrides: { redirect_uri: '' }, description: /it is missing/ },
  ])('$name: 403 invalid_grant, and the code is used up', async ({ overrides, description }) => {
    const h = harness();
    const { code } = await loginCode(h);
    const fields = Object.fromEntries(
      Object.entries(codeFields(code, overrides)).filter(([, value]) => value !== ''),
    );
    expectOAuthError(await postToken(h, fields), 403, 'invalid_grant', description);
    expectOAuthError(await postToken(h, codeFields(code)), 403, 'invalid_grant');
  });

  it('an unknown code: 403 invalid_grant', async () => {
    expectOAuthError(
      await postToken(harness(), codeFields('nope')),
      403,
      'invalid_grant',
      'Invalid authorization code',
    );
  });

  it('lives 60 seconds on the injected clock', async () => {
    const clock = new ManualClock(NOW);
    const h = harness({ now: clock.now });
    const early = await loginCode(h);
    const late = await loginCode(h);
    clock.advanceSeconds(59);
    expectToken(await postToken(h, codeFields(early.code)));
    clock.advanceSeconds(1);
    expectOAuthError(await postToken(h, codeFields(late.code)), 403, 'invalid_grant', /expired/);
  });

  it('is bound to its client: mock-client cannot redeem a code of spa-client', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    const res = await postToken(
      h,
      codeFields(code, { client_id: MOCK_CLIENT.id, client_secret: MOCK_CLIENT.secret }),
    );
    expectOAuthError(res, 403, 'invalid_grant', /another client/);
  });

  it('a public client sending a secret is 401 invalid_client', async () => {
    const h = harness();
    const { code } = await loginCode(h);
    expectOAuthError(
      await postToken(h, codeFields(code, { client_secret: 'x' })),
      401,
      'invalid_client',
      /public client/,
    );
  });

  it('mock-client may use the code flow without PKCE, authenticating with its secret', async () => {
    const h = harness();
    const params = authorizeParams({
      client_id: MOCK_CLIENT.id,
      code_challenge: undefined,
      code_challenge_method: undefined,
      scope: 'openid',
    });
    const { code } = await loginCode(h, 'user@example.com', params);
    const fields = {
      grant_type: 'authorization_code',
      client_id: MOCK_CLIENT.id,
      code,
      redirect_uri: REDIRECT,
    };
    expectOAuthError(
      await postToken(h, fields),
      400,
      'invalid_request',
      'Missing required parameter: client_secret',
    );
    const { code: second } = await loginCode(h, 'user@example.com', params);
    const body = expectToken(
      await postToken(h, { ...fields, code: second, client_secret: MOCK_CLIENT.secret }),
    ) as CodeAnswer;
    expect(decodeToken(body.id_token ?? '').claims.aud).toBe(MOCK_CLIENT.id);
    expect(body.refresh_token).toBeUndefined();
  });

  it('without openid, no ID token; the profile claims follow the scope', async () => {
    const h = harness();
    const noOpenid = await loginCode(h, 'user@example.com', authorizeParams({ scope: 'email' }));
    expect(
      (expectToken(await postToken(h, codeFields(noOpenid.code))) as CodeAnswer).id_token,
    ).toBeUndefined();
    const emailOnly = await loginCode(h, 'user@example.com', authorizeParams({ scope: 'openid email' }));
    const id = decodeToken(
      (expectToken(await postToken(h, codeFields(emailOnly.code))) as CodeAnswer).id_token ?? '',
    );
    expect(id.claims.email).toBe('user@example.com');
    expect(id.claims.name).toBeUndefined();
  });
});

describe('ID tokens of the password grant', () => {
  it('come with openid, with the profile claims of the scope and no sid', async () => {
    const h = harness();
    const body = expectToken(
      await postToken(h, passwordFields(USER, undefined, { scope: 'openid profile' })),
    ) as CodeAnswer;
    const id = decodeToken(body.id_token ?? '').claims;
    expect(id).toMatchObject({ aud: MOCK_CLIENT.id, name: 'Uma User', nickname: 'user', auth_time: IAT });
    expect(id.sid).toBeUndefined();
    expect(id.email).toBeUndefined();
    const without = expectToken(await postToken(h, passwordFields(USER))) as CodeAnswer;
    expect(without.id_token).toBeUndefined();
  });
});

describe('rotating refresh tokens of public clients', () => {
  async function firstTokens(): Promise<{ h: ReturnType<typeof harness>; body: CodeAnswer }> {
    const h = harness();
    const { code } = await loginCode(h);
    return { h, body: expectToken(await postToken(h, codeFields(code))) };
  }
  const refresh = (token: string): Record<string, string> => ({
    grant_type: 'refresh_token',
    client_id: SPA,
    refresh_token: token,
  });

  it('each use returns a new refresh token and a new ID token with the same sub, sid and auth_time', async () => {
    const { h, body } = await firstTokens();
    const first = decodeToken(body.id_token ?? '').claims;
    const next = expectToken(await postToken(h, refresh(body.refresh_token ?? ''))) as CodeAnswer;
    expect(next.refresh_token).toBeDefined();
    expect(next.refresh_token).not.toBe(body.refresh_token);
    const renewed = decodeToken(next.id_token ?? '').claims;
    expect(renewed).toMatchObject({ sub: first.sub, sid: first.sid, auth_time: first.auth_time, aud: SPA });
    expect(renewed.nonce).toBeUndefined();
    const third = expectToken(await postToken(h, refresh(next.refresh_token ?? ''))) as CodeAnswer;
    expect(third.refresh_token).not.toBe(next.refresh_token);
  });

  it('a used refresh token presented again is 403 invalid_grant and revokes its whole family', async () => {
    const { h, body } = await firstTokens();
    const next = expectToken(await postToken(h, refresh(body.refresh_token ?? ''))) as CodeAnswer;
    expectOAuthError(
      await postToken(h, refresh(body.refresh_token ?? '')),
      403,
      'invalid_grant',
      /used before/,
    );
    expectOAuthError(await postToken(h, refresh(next.refresh_token ?? '')), 403, 'invalid_grant');
  });

  it('another login starts another family, which a reuse elsewhere leaves alone', async () => {
    const { h, body } = await firstTokens();
    const { code } = await loginCode(h);
    const other = expectToken(await postToken(h, codeFields(code))) as CodeAnswer;
    await postToken(h, refresh(body.refresh_token ?? ''));
    await postToken(h, refresh(body.refresh_token ?? ''));
    expectToken(await postToken(h, refresh(other.refresh_token ?? '')));
  });

  it('a reset forgets every refresh token', async () => {
    const { h, body } = await firstTokens();
    await h.mock.session().reset();
    expectOAuthError(await postToken(h, refresh(body.refresh_token ?? '')), 403, 'invalid_grant');
  });
});
