/**
 * The `Link` header of a page against docs/users.md: present only when `X-Total-Count` exceeds the page size;
 * entries `first`, `prev` (not on page 1), `next` (not on or past the last page), `last`, in that order; each URL
 * absolute, on the request's path, with `page` set to the right page, the page size only if the request sent it,
 * and every other query parameter of the request kept as it was.
 */
import { isSecretField, REDACTED } from '../control/redaction.ts';
import type { Observed } from './exchange.ts';
import type { FindingInput } from './finding.ts';
import { parseLinkHeader, type LinkEntry } from './link-header.ts';
import type { ListPage } from './list-page.ts';

const RELATIONS = ['first', 'prev', 'next', 'last'] as const;
type Relation = (typeof RELATIONS)[number];

export function checkLink(observed: Observed, page: ListPage): FindingInput[] {
  const { total, pageSize, sizeParam } = page;
  if (total === undefined) return []; // the header check reports an unusable X-Total-Count
  const header = observed.exchange.responseHeaders.link;
  const finding = (where: string, expected: string, actual: string): FindingInput => ({
    operation: observed.operationName,
    kind: 'link',
    where,
    expected,
    actual,
  });
  if (total <= pageSize) {
    return header === undefined
      ? []
      : [finding('Link', `absent: X-Total-Count ${total} ≤ ${sizeParam} ${pageSize}`, header)];
  }
  if (header === undefined) {
    return [finding('Link', `present: X-Total-Count ${total} > ${sizeParam} ${pageSize}`, 'absent')];
  }
  const parsed = parseLinkHeader(header);
  if ('problem' in parsed) {
    return [finding('Link', 'entries of the form <url>; rel="first|prev|next|last"', parsed.problem)];
  }
  const last = Math.max(1, Math.ceil(total / pageSize));
  const wanted = expectedPages(page.page, last);
  const findings: FindingInput[] = [];
  const seen = parsed.entries.filter((e): e is LinkEntry & { rel: Relation } =>
    (RELATIONS as readonly string[]).includes(e.rel),
  );
  const order = seen.map((e) => e.rel);
  const canonical = RELATIONS.filter((rel) => order.includes(rel));
  if (order.join(',') !== canonical.join(',')) {
    findings.push(finding('Link', 'first, prev, next, last in that order, each once', order.join(', ')));
  }
  const where = `page ${page.page} of ${last}`;
  for (const rel of RELATIONS) {
    const entry = seen.find((e) => e.rel === rel);
    const expectedPage = wanted[rel];
    if (expectedPage === undefined) {
      if (entry !== undefined) {
        findings.push(finding(`Link rel="${rel}"`, `absent (${where})`, `<${entry.url}>`));
      }
      continue;
    }
    if (entry === undefined) {
      findings.push(finding(`Link rel="${rel}"`, `present, to page ${expectedPage} (${where})`, 'absent'));
      continue;
    }
    findings.push(...checkUrl(observed, page, rel, entry.url, expectedPage, finding));
  }
  return findings;
}

/** The page each relation must lead to on page `page` of `last`; absent relations are missing. */
function expectedPages(page: number, last: number): Partial<Record<Relation, number>> {
  return {
    first: 1,
    ...(page > 1 ? { prev: page - 1 } : {}),
    ...(page < last ? { next: page + 1 } : {}),
    last,
  };
}

function checkUrl(
  observed: Observed,
  page: ListPage,
  rel: Relation,
  text: string,
  expectedPage: number,
  finding: (where: string, expected: string, actual: string) => FindingInput,
): FindingInput[] {
  const at = `Link rel="${rel}"`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [finding(`${at} url`, 'an absolute URL', text)];
  }
  const findings: FindingInput[] = [];
  if (!samePathEnd(url.pathname, observed.path)) {
    findings.push(finding(`${at} path`, `the request's path ${observed.path}`, url.pathname));
  }
  const values = (params: Iterable<readonly [string, string]>, name: string): string[] =>
    [...params].filter(([n]) => n === name).map(([, v]) => (isSecretField(name) ? REDACTED : v));
  const linkParams = [...url.searchParams];
  const pages = values(linkParams, 'page');
  if (pages.length !== 1 || pages[0] !== String(expectedPage)) {
    findings.push(finding(`${at} page`, `page=${expectedPage}`, describe(pages)));
  }
  const sizes = values(linkParams, page.sizeParam);
  const sentSizes = values(observed.query, page.sizeParam);
  if (sizes.join('&') !== sentSizes.join('&')) {
    findings.push(
      finding(
        `${at} ${page.sizeParam}`,
        page.sizeSent
          ? `${page.sizeParam}=${sentSizes.join(',')}, as the request sent it`
          : `absent: the request did not send ${page.sizeParam}`,
        describe(sizes),
      ),
    );
  }
  const names = new Set([...observed.query, ...linkParams].map(([name]) => name));
  for (const name of names) {
    if (name === 'page' || name === page.sizeParam) continue;
    const sent = values(observed.query, name);
    const kept = values(linkParams, name);
    if (sent.join('\u0000') === kept.join('\u0000')) continue;
    findings.push(
      finding(
        `${at} ${name}`,
        sent.length === 0 ? 'absent: not a parameter of the request' : `kept as sent: ${describe(sent)}`,
        describe(kept),
      ),
    );
  }
  return findings;
}

function describe(values: readonly string[]): string {
  return values.length === 0 ? 'absent' : values.map((v) => JSON.stringify(v)).join(', ');
}

/** Whether the Link URL's path ends with the request's path (the service may sit under a path prefix). */
function samePathEnd(linkPath: string, requestPath: string): boolean {
  const decode = (p: string): string => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  };
  return decode(linkPath).endsWith(decode(requestPath));
}
