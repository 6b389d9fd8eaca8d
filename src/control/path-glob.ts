/**
 * Path patterns of fault rules and of the journal's `path` filter (docs/control-plane.md): `*` stands for any run of
 * characters, everything else matches itself. No regular expression is built from a pattern: a pattern is split
 * at its stars into literal pieces, the first must start the path, the last must end it, and the ones between are
 * found left to right (the leftmost place is always a right choice when the only wildcard is `*`). Each piece is
 * searched with Knuth–Morris–Pratt, so a match costs time linear in the path and the pattern, whatever they hold.
 */

export interface PathGlob {
  /** The pattern as given. */
  readonly source: string;
  test(path: string): boolean;
}

/**
 * Compiles a pattern (`/users*`, `*` + `/members`, an exact path).
 *
 * @example compileGlob('/users/*').test('/users/ann') // true
 */
export function compileGlob(pattern: string): PathGlob {
  const pieces = pattern.split('*');
  if (pieces.length === 1) return { source: pattern, test: (path) => path === pattern };
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  const middle = pieces
    .slice(1, -1)
    .filter((piece) => piece !== '')
    .map((piece) => ({ piece, table: failureTable(piece) }));
  const fixed = first.length + last.length;
  return {
    source: pattern,
    test: (path) => {
      if (path.length < fixed || !path.startsWith(first) || !path.endsWith(last)) return false;
      let from = first.length;
      const end = path.length - last.length;
      for (const { piece, table } of middle) {
        const at = find(path, piece, table, from, end);
        if (at < 0) return false;
        from = at + piece.length;
      }
      return true;
    },
  };
}

/** KMP failure table: for each prefix of `piece`, the length of its longest proper border. */
function failureTable(piece: string): Int32Array {
  const table = new Int32Array(piece.length);
  let k = 0;
  for (let i = 1; i < piece.length; i++) {
    while (k > 0 && piece.charCodeAt(i) !== piece.charCodeAt(k)) k = table[k - 1] ?? 0;
    if (piece.charCodeAt(i) === piece.charCodeAt(k)) k++;
    table[i] = k;
  }
  return table;
}

/** The first index ≥ `from` where `piece` lies wholly before `end` in `text`, or -1. */
function find(text: string, piece: string, table: Int32Array, from: number, end: number): number {
  let k = 0;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== piece.charCodeAt(k)) k = table[k - 1] ?? 0;
    if (c === piece.charCodeAt(k)) k++;
    if (k === piece.length) return i - piece.length + 1;
  }
  return -1;
}
