/**
 * What `identity-mock drift` sends (docs/drift.md), step by step: the documented list queries (a walk along
 * `Link`, page sizes, every sort and filter), the requests the spec refuses, the token cases, the token endpoint's
 * errors, and the deletion only when writes are allowed. Each step is a function of the probe's session.
 */
import type { Expectation, ProbeSession } from './probe-session.ts';
import { tokenPermissions } from './token-permissions.ts';
import { JSON_MEDIA_TYPE } from '../protocol/media-type.ts';

/** Pages a walk along `Link` `next` follows at most. */
export const PROBE_WALK_PAGES = 10;

/** The steps in the order the probe runs them. */
export const PROBE_STEPS: readonly ((session: ProbeSession) => Promise<void>)[] = [
  health,
  walk,
  lists,
  filters,
  refusals,
  tokens,
  authServer,
  writes,
];

/** The service's health, without a token. */
async function health(s: ProbeSession): Promise<void> {
  await s.call({ method: 'GET', target: '/health' });
}

/** The default list, then along `next` (at most PROBE_WALK_PAGES pages), the last page and past it. */
async function walk(s: ProbeSession): Promise<void> {
  for (const query of ['', 'page_size=7&sort_by=name']) {
    let current = await s.list(query);
    for (let n = 1; n < PROBE_WALK_PAGES; n++) {
      const next = s.linkTarget(current, 'next');
      if (current === undefined || next === undefined) break;
      const following = await s.call({ method: 'GET', target: next, headers: s.bearer });
      if (following === undefined) break;
      s.note(following);
      for (const finding of s.guard.continuity(current, following)) {
        s.add(finding, `walk of /users${query === '' ? '' : `?${query}`}`);
      }
      current = following;
    }
    const last = s.linkTarget(current, 'last');
    if (last !== undefined) await s.call({ method: 'GET', target: last, headers: s.bearer });
    const page = current?.page;
    if (page?.total !== undefined) {
      const past = Math.max(1, Math.ceil(page.total / page.pageSize)) + 1;
      await s.list(`${query === '' ? '' : `${query}&`}page=${past}`);
    }
  }
}

/** Page sizes, every sort in both directions, a combined query whose links must keep it. */
async function lists(s: ProbeSession): Promise<void> {
  await s.list('page_size=1');
  await s.list('page_size=100');
  for (const field of s.enumOf('sort_by')) {
    for (const order of s.enumOf('sort_order'))
      await s.list(`sort_by=${field}&sort_order=${order}&page_size=100`);
  }
  await s.list('status=active&sort_by=email&sort_order=desc&page_size=3&page=2');
}

/** Every value of the enum filters, date ranges and the metadata filters on values the service returned. */
async function filters(s: ProbeSession): Promise<void> {
  for (const field of ['status', 'user_type']) {
    for (const value of s.enumOf(field)) await s.list(`${field}=${value}&page_size=100`);
  }
  const user = s.seen.find((u) => typeof u.created_at === 'string' && typeof u.updated_at === 'string');
  if (user === undefined) {
    s.notes.push('no user was listed: the filters on real values were not probed');
    return;
  }
  for (const field of ['created_at', 'updated_at']) {
    const at = String(user[field]);
    const enc = encodeURIComponent(at);
    await s.list(`${field}_from=${enc}&page_size=100`);
    await s.list(`${field}_to=${enc}&page_size=100`);
    await s.list(`${field}_from=${enc}&${field}_to=${enc}`); // an empty range
  }
  const metadata = tokenPermissions(`Bearer ${s.options.token}`)?.includes('read:user_metadata');
  const expect = (param: string): Expectation | undefined =>
    metadata === false
      ? { when: `${param} without read:user_metadata`, status: 403, code: 'metadata_permission_required' }
      : undefined;
  await s.list(`id=${encodeURIComponent(String(user.id))}`, expect('id'));
  const creator = s.seen.find((u) => typeof u.created_by === 'string');
  if (creator !== undefined)
    await s.list(`created_by=${encodeURIComponent(String(creator.created_by))}`, expect('created_by'));
  const updater = s.seen.find((u) => typeof u.updated_by === 'string');
  if (updater !== undefined)
    await s.list(`updated_by=${encodeURIComponent(String(updater.updated_by))}`, expect('updated_by'));
  if (typeof user.identifier === 'string') await s.list(`search=${encodeURIComponent(user.identifier)}`);
}

/** Requests the spec refuses (each must get a 4xx), and the documented 400s it cannot express. */
async function refusals(s: ProbeSession): Promise<void> {
  for (const query of [
    'page_size=101',
    'page_size=0',
    'page=0',
    'page=two',
    'sort_by=password',
    'sort_order=sideways',
    'status=deleted',
    'user_type=root',
    'id=not-a-uuid',
    'created_at_from=yesterday',
    'colour=red',
  ]) {
    await s.list(query);
  }
  await s.list('created_at_from=2025-01-01T00:00:00Z&created_at_to=2024-01-01T00:00:00Z', {
    when: 'created_at_from after created_at_to',
    status: 400,
    code: 'invalid_range',
  });
  await s.call(
    { method: 'GET', target: '/users', headers: { ...s.bearer, 'X-API-Version': 'v2' } },
    { when: 'X-API-Version v2', status: 400, code: 'unsupported_api_version' },
  );
}

/** 401 without a token, with another scheme, with a token that is not one; 403 with a lesser token. */
async function tokens(s: ProbeSession): Promise<void> {
  await s.call(
    { method: 'GET', target: '/users' },
    { when: 'no Authorization', status: 401, code: 'missing_token' },
  );
  await s.call(
    { method: 'GET', target: '/users', headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
    { when: 'another scheme (Basic)', status: 401, code: 'missing_token' },
  );
  await s.call(
    { method: 'GET', target: '/users', headers: { Authorization: 'Bearer not-a-token' } },
    { when: 'a token that is not a JWT', status: 401, code: 'invalid_token' },
  );
  await s.call(
    {
      method: 'GET',
      target: '/users',
      headers: { Authorization: `Bearer ${tampered(s.options.token)}` },
    },
    { when: 'a token with a wrong signature', status: 401, code: 'invalid_token' },
  );
  const limited = s.options.limitedToken;
  if (limited === undefined) {
    s.notes.push('403 cases not probed: give --limited-token T, a token without some permission');
    return;
  }
  const permissions = tokenPermissions(`Bearer ${limited}`) ?? [];
  const headers = { Authorization: `Bearer ${limited}` };
  if (!permissions.includes('read:users')) {
    await s.call(
      { method: 'GET', target: '/users', headers },
      { when: 'a token without read:users', status: 403, code: 'insufficient_permissions' },
    );
  } else if (!permissions.includes('read:user_metadata')) {
    await s.call(
      { method: 'GET', target: '/users?id=00000000-0000-4000-8000-000000000001', headers },
      { when: 'id without read:user_metadata', status: 403, code: 'metadata_permission_required' },
    );
  } else {
    s.notes.push('--limited-token has read:users and read:user_metadata: no 403 case to probe with it');
  }
}

/** The token endpoint's errors, in the RFC 6749 shape; no valid grant is ever sent. */
async function authServer(s: ProbeSession): Promise<void> {
  if (s.options.authServer !== true) return;
  const json = { 'Content-Type': JSON_MEDIA_TYPE };
  await s.call(
    {
      method: 'POST',
      target: '/oauth/token',
      headers: json,
      body: '{"grant_type":"drift-probe"}',
      auth: true,
    },
    { when: 'an unknown grant_type', status: 400, code: 'unsupported_grant_type' },
  );
  await s.call(
    { method: 'POST', target: '/oauth/token', headers: json, body: '{}', auth: true },
    { when: 'an empty token request', status: 400, code: 'invalid_request' },
  );
}

/** Deletion of the given user, only when writes are allowed: 204, then 404 for the same user. */
async function writes(s: ProbeSession): Promise<void> {
  const { allowWrites, identifier } = s.options;
  if (allowWrites !== true || identifier === undefined) {
    s.notes.push('DELETE not probed (read-only; --allow-writes --identifier X deletes user X)');
    return;
  }
  const target = `/users/${encodeURIComponent(identifier)}`;
  await s.call(
    { method: 'DELETE', target, headers: s.bearer },
    { when: 'the deletion of the given user', status: 204 },
  );
  await s.call(
    { method: 'DELETE', target, headers: s.bearer },
    { when: 'a second deletion of the same user', status: 404, code: 'user_not_found' },
  );
  await s.call({ method: 'DELETE', target: '/users/!!', headers: s.bearer });
}

/** The token with its signature changed: a token the service must refuse (401 `invalid_token`). */
function tampered(token: string): string {
  const parts = token.split('.');
  if (parts.length !== 3) return `${token}x`;
  const signature = parts[2] ?? '';
  const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  return `${parts[0] ?? ''}.${parts[1] ?? ''}.${flipped}`;
}
