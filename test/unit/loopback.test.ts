/**
 * What counts as this machine (src/protocol/loopback.ts), the one rule the control plane's Host check and the CLI's
 * warning share; and the browser-navigation routes, read from the spec's `x-error-shape: page` (src/pipeline/cors.ts).
 */
import { describe, expect, it } from 'vitest';
import { cors, navigationPaths } from '../../src/pipeline/cors.ts';
import { hostName, isLoopbackName } from '../../src/protocol/loopback.ts';
import { readSpecDocument } from '../../src/platform/node/document-file.ts';
import { buildApiModel } from '../../src/spec/model.ts';

describe('isLoopbackName', () => {
  it.each([
    { name: 'localhost', loopback: true },
    { name: 'app.localhost', loopback: true },
    { name: '::1', loopback: true },
    { name: '127.0.0.1', loopback: true },
    { name: '127.1.2.3', loopback: true },
    { name: '127.0.0.256', loopback: false },
    { name: '127.0.0', loopback: false },
    { name: '128.0.0.1', loopback: false },
    { name: '0.0.0.0', loopback: false },
    { name: 'localhost.evil.example', loopback: false },
  ])('$name: $loopback', ({ name, loopback }) => {
    expect(isLoopbackName(name)).toBe(loopback);
  });

  it('reads the name of a Host value without its port, lower case', () => {
    expect(hostName('[::1]:8080')).toBe('::1');
    expect(hostName('LocalHost:80')).toBe('localhost');
    expect(hostName('example.test')).toBe('example.test');
  });
});

describe('the browser-navigation routes', () => {
  const model = buildApiModel(readSpecDocument());
  const navigation = navigationPaths(model);
  const pages = model.operations.filter((op) => op.raw['x-error-shape'] === 'page');

  it('are the paths of the operations the spec gives the page error shape', () => {
    expect(pages.length).toBeGreaterThan(0);
    expect([...navigation].sort()).toEqual([...new Set(pages.map((op) => op.path))].sort());
  });

  it.each(pages.map((op) => op.path))('%s sends no CORS headers and refuses a preflight', (path) => {
    const headers = { origin: 'https://app.example', 'access-control-request-method': 'GET' };
    expect(cors('GET', path, { origin: 'https://app.example' }, { navigation }).headers).toEqual({});
    expect(cors('OPTIONS', path, headers, { navigation }).preflight?.headers).not.toHaveProperty(
      'Access-Control-Allow-Origin',
    );
  });

  it('an API path still answers CORS', () => {
    expect(cors('GET', '/users', { origin: 'https://app.example' }, { navigation }).headers).toMatchObject({
      'Access-Control-Allow-Origin': 'https://app.example',
    });
  });
});
