/**
 * The findings store (deduplication, counts, bound, redaction), the Link header reader and the summary of the
 * drift guard (src/drift/).
 */
import { describe, expect, it } from 'vitest';
import { tokenPermissions } from '../../src/drift/token-permissions.ts';
import { FindingStore, MAX_FINDINGS, type FindingInput } from '../../src/drift/finding.ts';
import { parseLinkHeader } from '../../src/drift/link-header.ts';
import { summarize, SUMMARY_LIMIT } from '../../src/drift/summary.ts';

const BASE: FindingInput = {
  operation: 'listUsers',
  kind: 'link',
  where: 'Link rel="next" page',
  expected: 'page=3',
  actual: '"4"',
};

describe('FindingStore', () => {
  it('keeps one finding per operation, kind and place, counts the rest, remembers the first request', () => {
    const store = new FindingStore();
    expect(store.add(BASE, '7')).toBe(true);
    expect(store.add({ ...BASE, actual: '"5"' }, '9')).toBe(false);
    expect(store.add({ ...BASE, where: 'Link rel="prev" page' }, '10')).toBe(true);
    expect(store.add({ ...BASE, operation: 'listWorkspaceMembers' }, '11')).toBe(true);
    expect(store.add({ ...BASE, kind: 'header' }, '12')).toBe(true);
    expect(store.list()).toEqual([
      { ...BASE, first_request_id: '7', count: 2 },
      { ...BASE, where: 'Link rel="prev" page', first_request_id: '10', count: 1 },
      { ...BASE, operation: 'listWorkspaceMembers', first_request_id: '11', count: 1 },
      { ...BASE, kind: 'header', first_request_id: '12', count: 1 },
    ]);
    expect(store.listing()).toEqual({ findings: store.list() });
  });

  it(`keeps at most ${MAX_FINDINGS} distinct findings and counts the others as dropped`, () => {
    const store = new FindingStore();
    for (let i = 0; i < MAX_FINDINGS + 7; i++) store.add({ ...BASE, where: `body[].f${i}` }, String(i));
    expect(store.size).toBe(MAX_FINDINGS);
    expect(store.listing().dropped).toBe(7);
    // A kept finding still counts its occurrences.
    store.add({ ...BASE, where: 'body[].f0' }, 'x');
    expect(store.list()[0]?.count).toBe(2);
    store.clear();
    expect(store.listing()).toEqual({ findings: [] });
  });

  it.each([
    { name: 'a JWT', text: 'got eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln back', leaked: 'eyJhbGci' },
    { name: 'a bearer credential', text: 'Authorization: Bearer abc.def-ghi', leaked: 'abc.def' },
    { name: 'a token in a URL', text: 'http://h/cb?access_token=s3cret&page=2', leaked: 's3cret' },
    { name: 'a code in a fragment', text: 'http://h/cb#code=c0de&state=1', leaked: 'c0de' },
  ])('redacts $name in every text it keeps', ({ text, leaked }) => {
    const store = new FindingStore();
    store.add({ ...BASE, where: text, expected: text, actual: text }, '1');
    const [finding] = store.list();
    expect(JSON.stringify(finding)).not.toContain(leaked);
    expect(finding?.actual).toContain('REDACTED');
  });

  it('cuts long texts to a bounded length', () => {
    const store = new FindingStore();
    store.add({ ...BASE, actual: 'x'.repeat(100_000), where: 'y'.repeat(10_000) }, '1');
    const [finding] = store.list();
    expect(finding?.actual.length).toBeLessThanOrEqual(300);
    expect(finding?.where.length).toBeLessThanOrEqual(200);
    expect(finding?.actual.endsWith('...')).toBe(true);
  });
});

describe('parseLinkHeader', () => {
  it.each([
    {
      name: 'entries in order',
      header: '<http://h/u?page=1>; rel="first", <http://h/u?page=2>; rel="next"',
      entries: [
        { rel: 'first', url: 'http://h/u?page=1' },
        { rel: 'next', url: 'http://h/u?page=2' },
      ],
    },
    {
      name: 'an unquoted rel, other parameters, a comma inside the URL',
      header: '<http://h/u?q=a,b&page=1>;title="x, y"; rel=last',
      entries: [{ rel: 'last', url: 'http://h/u?q=a,b&page=1' }],
    },
  ])('$name', ({ header, entries }) => {
    expect(parseLinkHeader(header)).toEqual({ entries });
  });

  it.each([
    { name: 'no angle brackets', header: 'http://h/u?page=1; rel="first"' },
    { name: 'an unclosed URL', header: '<http://h/u?page=1; rel="first"' },
    { name: 'no rel', header: '<http://h/u?page=1>; title="x"' },
    { name: 'an unclosed quote', header: '<http://h/u>; rel="first' },
  ])('refuses $name with a message', ({ header }) => {
    const parsed = parseLinkHeader(header);
    expect('problem' in parsed && parsed.problem.length > 0).toBe(true);
  });

  it('reads a long header in time linear in its length', () => {
    const header = Array.from({ length: 20_000 }, (_, i) => `<http://h/u?page=${i}>; rel="x"`).join(', ');
    const parsed = parseLinkHeader(header);
    expect('entries' in parsed && parsed.entries.length).toBe(20_000);
  });
});

describe('tokenPermissions', () => {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    {
      name: 'a bearer JWT',
      header: `Bearer ${part({ alg: 'RS256' })}.${part({ permissions: ['read:users'] })}.sig`,
      permissions: ['read:users'],
    },
    {
      name: 'the scheme in any case',
      header: `bearer ${part({})}.${part({ permissions: [] })}.`,
      permissions: [],
    },
    {
      name: 'no permissions claim',
      header: `Bearer ${part({})}.${part({ sub: 'x' })}.s`,
      permissions: undefined,
    },
    { name: 'not a JWT', header: 'Bearer opaque-token', permissions: undefined },
    { name: 'no header', header: undefined, permissions: undefined },
    { name: 'a payload that is not JSON', header: 'Bearer eyJ.bm90IGpzb24.s', permissions: undefined },
  ])('$name', ({ header, permissions }) => {
    expect(tokenPermissions(header)).toEqual(permissions);
  });
});

describe('summarize', () => {
  it('says when nothing drifted', () => {
    expect(summarize({ findings: [] }, 12)).toBe('identity-mock drift: no drift in 12 requests\n');
  });

  it('lists each finding with its counts, expected and actual, grouped by kind', () => {
    const store = new FindingStore();
    store.add({ ...BASE, kind: 'sort_order', where: 'body[].name' }, '3');
    store.add(BASE, '5');
    store.add(BASE, '6');
    const text = summarize(store.listing(), 40);
    expect(text).toContain('2 findings in 40 requests (sort_order 1, link 1)');
    // link comes before sort_order in the documented order of kinds
    expect(text.indexOf('link  listUsers')).toBeLessThan(text.indexOf('sort_order  listUsers'));
    expect(text).toContain('(2 times, first in request 5)');
    expect(text).toContain('expected page=3');
    expect(text).toContain('got      "4"');
  });

  it(`writes out at most ${SUMMARY_LIMIT} findings and counts the rest`, () => {
    const store = new FindingStore();
    for (let i = 0; i < SUMMARY_LIMIT + 3; i++) store.add({ ...BASE, where: `w${i}` }, String(i));
    expect(summarize(store.listing(), 1)).toContain('… and 3 more');
  });
});
