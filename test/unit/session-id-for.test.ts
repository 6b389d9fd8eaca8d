/**
 * Session ids from test-file paths: every id fits the X-Mock-Session rule, different paths never share an id (the
 * same file name in two folders included), and a path gives the same id every time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionIdFor } from '../../src/client/session-id-for.ts';
import { sessionIdProblem } from '../../src/sessions/session-id.ts';

describe('sessionIdFor', () => {
  it.each([
    ['a path that fits is kept', 'users.test.ts', undefined, 'users.test.ts'],
    ['relative to the root', '/work/app/users.test.ts', '/work/app', 'users.test.ts'],
    ['relative to a root given with a slash', '/work/app/users.test.ts', '/work/app/', 'users.test.ts'],
    ['a leading ./ goes', './users.test.ts', undefined, 'users.test.ts'],
    ['a path elsewhere than the root stays whole', '/other/users.test.ts', '/work/app', undefined],
  ])('%s', (_name, path, root, expected) => {
    const id = sessionIdFor(path, root);
    if (expected !== undefined) expect(id).toBe(expected);
    else expect(id).toMatch(/^other-users\.test\.ts-[0-9a-f]{12}$/);
  });

  it('gives the same file name in two folders two ids, readable and hashed', () => {
    const a = sessionIdFor('/p/test/admin/users.test.ts', '/p');
    const b = sessionIdFor('/p/test/public/users.test.ts', '/p');
    expect(a).toMatch(/^test-admin-users\.test\.ts-[0-9a-f]{12}$/);
    expect(b).toMatch(/^test-public-users\.test\.ts-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('reads Windows paths like POSIX ones', () => {
    expect(sessionIdFor('C:\\p\\test\\admin\\users.test.ts', 'C:\\p')).toBe(
      sessionIdFor('C:/p/test/admin/users.test.ts', 'C:/p'),
    );
  });

  it('does not confuse a path with the readable form of another', () => {
    expect(sessionIdFor('test/a-b.test.ts')).not.toBe(sessionIdFor('test/a/b.test.ts'));
    expect(sessionIdFor('test-a.test.ts')).toBe('test-a.test.ts');
    expect(sessionIdFor('test/a.test.ts')).not.toBe('test-a.test.ts');
  });

  it('keeps the end of a long path, where the file name is, within 64 characters', () => {
    const id = sessionIdFor(`${'deep/'.repeat(30)}users.test.ts`);
    expect(id.length).toBeLessThanOrEqual(64);
    expect(id).toMatch(/deep-users\.test\.ts-[0-9a-f]{12}$/);
  });

  it('always fits the header rule, and tells different paths apart (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 }), (a, b) => {
        const [ia, ib] = [sessionIdFor(a), sessionIdFor(b)];
        expect(sessionIdProblem(ia)).toBeUndefined();
        expect(sessionIdFor(a)).toBe(ia);
        const same =
          a.replaceAll('\\', '/').replace(/^(\.\/)+/, '') === b.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
        expect(ia === ib).toBe(same);
      }),
      { seed: 23, numRuns: 500 },
    );
  });
});
