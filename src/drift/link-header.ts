/**
 * Reads an RFC 8288 `Link` header of `<url>; rel="x"` entries, in one pass over the text (no backtracking, so any
 * header a service sends is read in time linear in its length).
 */

export interface LinkEntry {
  readonly rel: string;
  /** The URL as written between `<` and `>`. */
  readonly url: string;
}

/**
 * The entries of `header` in order, or a message saying why it is not a list of `<url>; rel="x"` entries.
 *
 * @example parseLinkHeader('<http://h/users?page=2>; rel="next"') // { entries: [{ rel: 'next', url: 'http://h/users?page=2' }] }
 */
export function parseLinkHeader(
  header: string,
): { readonly entries: LinkEntry[] } | { readonly problem: string } {
  const entries: LinkEntry[] = [];
  let at = 0;
  const skipSpaces = (): void => {
    while (at < header.length && (header[at] === ' ' || header[at] === '\t')) at++;
  };
  while (at < header.length) {
    skipSpaces();
    if (header[at] !== '<') return { problem: `expected "<" at character ${at + 1}` };
    const close = header.indexOf('>', at);
    if (close === -1) return { problem: `no ">" closes the URL that starts at character ${at + 1}` };
    const url = header.slice(at + 1, close);
    at = close + 1;
    // Parameters up to the next comma outside a quoted string.
    let rel: string | undefined;
    while (at < header.length && header[at] !== ',') {
      skipSpaces();
      if (header[at] !== ';') return { problem: `expected ";" or "," at character ${at + 1}` };
      at++;
      skipSpaces();
      const eq = header.indexOf('=', at);
      if (eq === -1) return { problem: `a parameter without "=" at character ${at + 1}` };
      const name = header.slice(at, eq).trim().toLowerCase();
      at = eq + 1;
      let value: string;
      if (header[at] === '"') {
        const end = header.indexOf('"', at + 1);
        if (end === -1) return { problem: `an unclosed quoted value at character ${at + 1}` };
        value = header.slice(at + 1, end);
        at = end + 1;
      } else {
        let end = at;
        while (end < header.length && header[end] !== ';' && header[end] !== ',') end++;
        value = header.slice(at, end).trim();
        at = end;
      }
      if (name === 'rel') rel = value;
      skipSpaces();
    }
    if (rel === undefined) return { problem: `the entry <${url}> has no rel` };
    entries.push({ rel, url });
    at++; // the comma
  }
  return { entries };
}
