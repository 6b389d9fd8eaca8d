import { describe, expect, it } from 'vitest';
import { checkApiVersion, checkMediaType, headerSafe } from '../../src/http/headers.ts';
import { API_MODEL } from '../support/spec-model.ts';
import { apiErrorOf } from '../support/thrown.ts';

describe('headerSafe', () => {
  it.each([
    {
      name: 'printable ASCII unchanged',
      message: 'page_size must be between 1 and 100 (got "101")',
      expected: 'page_size must be between 1 and 100 (got "101")',
    },
    { name: 'accented letter escaped', message: 'Émile', expected: '\\u00c9mile' },
    { name: 'en dash escaped', message: '1–100', expected: '1\\u2013100' },
    { name: 'astral character escaped as its two UTF-16 units', message: 'a😀', expected: 'a\\ud83d\\ude00' },
    { name: 'newline escaped', message: 'a\nb', expected: 'a\\u000ab' },
    {
      name: 'carriage return escaped',
      message: 'a\r\nSet-Cookie: x',
      expected: 'a\\u000d\\u000aSet-Cookie: x',
    },
    { name: 'tab escaped', message: 'a\tb', expected: 'a\\u0009b' },
    { name: 'NUL and DEL escaped', message: '\u0000\u007f', expected: '\\u0000\\u007f' },
    { name: 'empty', message: '', expected: '' },
  ])('$name', ({ message, expected }) => {
    expect(headerSafe(message)).toBe(expected);
  });

  it.each([
    { name: '512 characters: kept whole', message: 'x'.repeat(512), expected: 'x'.repeat(512) },
    {
      name: '513 characters: cut to 509 and an ellipsis',
      message: 'x'.repeat(513),
      expected: `${'x'.repeat(509)}...`,
    },
  ])('length: $name', ({ message, expected }) => {
    const safe = headerSafe(message);
    expect(safe).toBe(expected);
    expect(safe.length).toBeLessThanOrEqual(512);
  });

  it('length: the cut counts the escaped form (100 × é is 600 characters escaped)', () => {
    const safe = headerSafe('é'.repeat(100));
    expect(safe).toHaveLength(512);
    expect(safe.startsWith('\\u00e9'.repeat(84))).toBe(true);
    expect(safe.endsWith('...')).toBe(true);
  });
});

describe('checkApiVersion', () => {
  it.each([
    { name: 'absent', value: undefined },
    { name: 'v1', value: 'v1' },
  ])('accepts $name', ({ value }) => {
    expect(() => {
      checkApiVersion(value, ['v1']);
    }).not.toThrow();
  });

  it.each([
    { name: 'v2', value: 'v2', quoted: '"v2"' },
    { name: 'upper-case V1', value: 'V1', quoted: '"V1"' },
    { name: 'empty', value: '', quoted: '""' },
    { name: 'with spaces', value: ' v1 ', quoted: '" v1 "' },
    { name: 'sent twice', value: ['v1', 'v1'], quoted: '"[\\"v1\\",\\"v1\\"]"' },
  ])('refuses $name with 400 unsupported_api_version', ({ value, quoted }) => {
    const error = apiErrorOf(() => {
      checkApiVersion(value, ['v1']);
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe('unsupported_api_version');
    expect(error.message).toBe(`X-API-Version must be one of v1 (got ${quoted})`);
    expect(error.details).toEqual([
      { location: 'header', name: 'X-API-Version', message: `must be one of v1 (got ${quoted})` },
    ]);
  });
});

describe('checkMediaType', () => {
  const accepted = API_MODEL.requestContentTypes;

  it.each([
    { name: 'absent', contentType: undefined },
    { name: 'application/json', contentType: 'application/json' },
    { name: 'with a charset parameter', contentType: 'application/json; charset=utf-8' },
    { name: 'with a boundary parameter', contentType: 'multipart/form-data; boundary=----x' },
    { name: 'upper case', contentType: 'APPLICATION/JSON' },
    { name: 'mixed case with parameter', contentType: 'Text/Plain;Charset=UTF-8' },
    {
      name: 'spaces around the media type',
      contentType: '  application/x-www-form-urlencoded  ; charset=utf-8',
    },
    { name: 'application/pdf', contentType: 'application/pdf' },
    { name: 'text/html', contentType: 'text/html' },
  ])('accepts $name', ({ contentType }) => {
    expect(() => {
      checkMediaType(contentType, accepted);
    }).not.toThrow();
  });

  it.each([
    { name: 'image/png', contentType: 'image/png', mediaType: 'image/png' },
    { name: 'a parameterised other type', contentType: 'Image/PNG; q=1', mediaType: 'image/png' },
    {
      name: 'a +json suffix',
      contentType: 'application/problem+json',
      mediaType: 'application/problem+json',
    },
    { name: 'empty', contentType: '', mediaType: '' },
  ])('refuses $name with 415 unsupported_media_type', ({ contentType, mediaType }) => {
    const error = apiErrorOf(() => {
      checkMediaType(contentType, accepted);
    });
    expect(error.status).toBe(415);
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toBe(
      `Content-Type ${JSON.stringify(mediaType)} is not accepted; use one of ${accepted.join(', ')}`,
    );
  });
});
