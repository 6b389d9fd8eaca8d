/**
 * A string matching a `pattern` of a schema, for the patterns a generator can read (docs/own-spec.md
 * "Seeding"): anchors, literal characters and escapes (`\.`, `\d`, `\w`), character classes with ranges
 * (`[a-z0-9._-]`), and the quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`. Groups, alternation, negated classes
 * and look-arounds are not read: the answer is undefined, and the caller falls back to the schema's example or
 * type. The pattern is walked by hand; nothing here compiles it into a RegExp.
 */

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const WORD = `${LOWER}${LOWER.toUpperCase()}${DIGITS}_`;
const ESCAPES: Readonly<Record<string, string>> = { d: DIGITS, w: WORD, s: ' ' };
/** Repeats drawn above a quantifier's minimum, at most. */
const EXTRA_REPEATS = 6;

type Atom = string; // the characters the position may hold

function readClass(pattern: string, start: number): { chars: string; end: number } | undefined {
  let i = start + 1;
  if (pattern[i] === '^') return undefined;
  let chars = '';
  while (i < pattern.length && pattern[i] !== ']') {
    let ch = pattern[i] ?? '';
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      const set = ESCAPES[next];
      if (set === undefined && /[A-Za-z]/.test(next)) return undefined;
      chars += set ?? next;
      i += 2;
      continue;
    }
    if (pattern[i + 1] === '-' && pattern[i + 2] !== undefined && pattern[i + 2] !== ']') {
      const from = ch.charCodeAt(0);
      const to = (pattern[i + 2] ?? '').charCodeAt(0);
      if (to < from || to - from > 256) return undefined;
      for (let c = from; c <= to; c++) chars += String.fromCharCode(c);
      i += 3;
      continue;
    }
    ch = pattern[i] ?? '';
    chars += ch;
    i++;
  }
  return i < pattern.length && chars !== '' ? { chars, end: i + 1 } : undefined;
}

function readQuantifier(pattern: string, i: number): { min: number; max: number; end: number } {
  const ch = pattern[i];
  if (ch === '?') return { min: 0, max: 1, end: i + 1 };
  if (ch === '*') return { min: 0, max: EXTRA_REPEATS, end: i + 1 };
  if (ch === '+') return { min: 1, max: 1 + EXTRA_REPEATS, end: i + 1 };
  if (ch === '{') {
    const close = pattern.indexOf('}', i);
    const body = close < 0 ? '' : pattern.slice(i + 1, close);
    const [lo, hi] = body.split(',');
    const min = Number(lo);
    if (close > 0 && /^\d+(?:,\d*)?$/.test(body) && Number.isInteger(min)) {
      const max = hi === undefined ? min : hi === '' ? min + EXTRA_REPEATS : Number(hi);
      return { min, max: Math.max(min, max), end: close + 1 };
    }
  }
  return { min: 1, max: 1, end: i };
}

/** The atoms and their repeat bounds, or undefined when the pattern holds something not read here. */
function parse(pattern: string): { atom: Atom; min: number; max: number }[] | undefined {
  const parts: { atom: Atom; min: number; max: number }[] = [];
  let i = pattern.startsWith('^') ? 1 : 0;
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$') ? pattern.length - 1 : pattern.length;
  while (i < end) {
    const ch = pattern[i] ?? '';
    let atom: Atom;
    if ('()|^$'.includes(ch)) return undefined;
    if (ch === '[') {
      const cls = readClass(pattern, i);
      if (cls === undefined) return undefined;
      atom = cls.chars;
      i = cls.end;
    } else if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      const set = ESCAPES[next];
      if (set === undefined && /[A-Za-z0-9]/.test(next)) return undefined;
      atom = set ?? next;
      i += 2;
    } else if (ch === '.') {
      atom = LOWER;
      i++;
    } else if ('?*+{'.includes(ch)) return undefined;
    else {
      atom = ch;
      i++;
    }
    const q = readQuantifier(pattern, i);
    parts.push({ atom, min: q.min, max: q.max });
    i = q.end;
  }
  return parts;
}

/**
 * A sample of `pattern` drawn with `pick(n)` (a uniform index below n), or undefined when the pattern is not one
 * this reads. `maxLength` caps repeats where the pattern leaves room.
 *
 * @example
 * samplePattern('^[a-z0-9][a-z0-9._-]{2,63}$', pick); // e.g. 'k3.x_9'
 */
export function samplePattern(
  pattern: string,
  pick: (n: number) => number,
  maxLength = 64,
): string | undefined {
  const parts = parse(pattern);
  if (parts === undefined) return undefined;
  const minimum = parts.reduce((sum, p) => sum + p.min, 0);
  let room = Math.max(0, maxLength - minimum);
  let out = '';
  for (const part of parts) {
    const extra = Math.min(part.max - part.min, room, EXTRA_REPEATS);
    const repeats = part.min + (extra > 0 ? pick(extra + 1) : 0);
    room -= repeats - part.min;
    for (let r = 0; r < repeats; r++) out += part.atom.charAt(pick(part.atom.length));
  }
  return out;
}
