/**
 * The `Link` header of paginated lists (docs/users.md, RFC 8288): present only when the total exceeds the page
 * size; entries `first`, `prev` (not on page 1), `next` (not on or past the last page), `last`, in that order.
 * Each URL is absolute, keeps every query parameter of the request, sets `page`, and carries the page-size
 * parameter only if the request did (it is simply kept, never added).
 */

export interface LinkInput {
  /** Absolute URL of the list without query, e.g. `http://localhost:8080/users`. */
  readonly base: string;
  /** The request's raw query string, without `?`. */
  readonly query: string;
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}

/**
 * @example
 * buildLink({ base: 'http://h/users', query: 'status=active&page=2', page: 2, pageSize: 20, total: 45 })
 * // <http://h/users?status=active&page=1>; rel="first", <…page=1>; rel="prev", <…page=3>; rel="next", <…page=3>; rel="last"
 */
export function buildLink(input: LinkInput): string | undefined {
  const { total, pageSize, page } = input;
  if (total <= pageSize) return undefined;
  const last = Math.ceil(total / pageSize);
  // One parse of the query for the four links: `set` keeps `page` where it first was, so each is as if made afresh.
  const params = new URLSearchParams(input.query);
  const url = (n: number): string => {
    params.set('page', String(n));
    return `<${input.base}?${params.toString()}>`;
  };
  const links = [`${url(1)}; rel="first"`];
  if (page > 1) links.push(`${url(page - 1)}; rel="prev"`);
  if (page < last) links.push(`${url(page + 1)}; rel="next"`);
  links.push(`${url(last)}; rel="last"`);
  return links.join(', ');
}
