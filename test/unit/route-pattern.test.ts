/**
 * The route table's patterns (src/spec/route-table.ts `patternOf`): built from a document's path templates, each
 * parameter stops at `/` and at the first character of the literal after it, so that matching cannot backtrack;
 * two parameters with nothing between them are refused.
 */
import { describe, expect, it } from 'vitest';
import { RouteTable, patternOf } from '../../src/spec/route-table.ts';
import type { OperationSpec } from '../../src/spec/model.ts';

const op = (path: string): OperationSpec => ({ id: path, method: 'get', path }) as unknown as OperationSpec;

describe('patternOf', () => {
  it('escapes the literal parts and names the parameters in order', () => {
    expect(patternOf('/users/{id-or-identifier}')).toEqual({
      source: '/users/([^/]+)',
      names: ['id-or-identifier'],
    });
    expect(patternOf('/files/{name}.{ext}')).toEqual({
      source: '/files/([^/\\.]+)\\.([^/]+)',
      names: ['name', 'ext'],
    });
  });

  it('matches a parameter up to the literal after it', () => {
    const table = new RouteTable([op('/files/{name}.{ext}'), op('/v{version}/things')]);
    expect(table.match('GET', '/files/report.tar.gz')).toMatchObject({
      params: { name: 'report', ext: 'tar.gz' },
    });
    expect(table.match('GET', '/v2/things')).toMatchObject({ params: { version: '2' } });
    expect(table.match('GET', `/files/${'a'.repeat(20_000)}`).kind).toBe('not-found');
  });

  it('refuses two parameters with nothing between them, naming the path', () => {
    expect(() => patternOf('/x/{a}{b}')).toThrow(
      'the path /x/{a}{b} has the parameters {a} and {b} with nothing between them',
    );
  });
});
