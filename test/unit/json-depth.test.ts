import { describe, expect, it } from 'vitest';
import { jsonDepthOver, MAX_JSON_DEPTH } from '../../src/pipeline/body.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('jsonDepthOver: the depth of a JSON body, read from its bytes before anything parses them', () => {
  it.each([
    { name: 'an empty object', text: '{}', max: 1, over: undefined },
    { name: 'a flat object', text: '{"a":1,"b":[1,2]}', max: 2, over: undefined },
    { name: 'one level too deep', text: '{"a":[{"b":1}]}', max: 2, over: 3 },
    { name: 'brackets inside a string do not count', text: '{"a":"[[[[{{{{"}', max: 1, over: undefined },
    { name: 'an escaped quote keeps the string open', text: '{"a":"\\"[[[["}', max: 1, over: undefined },
    { name: 'an escaped backslash closes it', text: '{"a":"\\\\",[[["x"]]]}', max: 3, over: 4 },
    { name: 'odd unicode inside strings', text: '{"ü😀":"[\u2028]"}', max: 1, over: undefined },
    { name: 'invalid JSON is measured as written', text: ']]]][[[', max: 2, over: 3 },
  ])('$name', ({ text, max, over }) => {
    expect(jsonDepthOver(bytes(text), max)).toBe(over);
  });

  it(`${MAX_JSON_DEPTH} levels pass, ${MAX_JSON_DEPTH + 1} do not; 5 000 stop counting at the first past the limit`, () => {
    const nested = (depth: number): Uint8Array => bytes('['.repeat(depth) + ']'.repeat(depth));
    expect(jsonDepthOver(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBeUndefined();
    expect(jsonDepthOver(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonDepthOver(nested(5_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});
