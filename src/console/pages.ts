/**
 * The two HTML pages (docs/console.md): their templates are built into the assets folder with the scripts they
 * load; the server adds what the page needs to know (the known accounts, the client of the token control) as a JSON
 * block that the page's script reads, never as code.
 */
import { bytes, HTML_TYPE, type Answer } from '../answer.ts';
import type { StaticFile } from '../context.ts';
import { NO_CACHE } from '../protocol/cache-headers.ts';

/** What the pages show besides what they fetch: the accounts of docs/tokens.md and how to get their tokens. */
export interface PageData {
  readonly accounts: readonly { readonly email: string; readonly name: string; readonly role: string }[];
  /** The client whose password grant the API reference's token control uses; undefined when none allows it. */
  readonly client: { readonly id: string; readonly secret: string } | undefined;
  readonly password: string;
  readonly audience: string;
  /** Whether the console is served (not with `--no-admin`). */
  readonly console: boolean;
}

const MARK = '<!-- page-data -->';
const UTF8 = new TextEncoder();

/** `template` with the page data in place of its mark; `<` is escaped so no value can close the script element. */
export function renderPage(template: string, data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return template.replace(MARK, `<script type="application/json" id="page-data">${json}</script>`);
}

/** A page from its template, with the page data and the headers every page gets (`connectTo`: other origins it calls). */
export function pageAnswer(template: StaticFile, data: PageData, connectTo: readonly string[] = []): Answer {
  const html = renderPage(new TextDecoder().decode(template.bytes), data);
  return bytes(200, HTML_TYPE, UTF8.encode(html), 'OK', {
    ...NO_CACHE,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': [
      "default-src 'self'",
      "img-src 'self' data:",
      "style-src 'self' 'unsafe-inline'",
      `connect-src ${["'self'", ...connectTo].join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ].join('; '),
  });
}

/** A built or packaged file, as served. */
export function assetAnswer(file: StaticFile): Answer {
  return bytes(200, file.contentType, file.bytes, 'OK', { ...NO_CACHE, 'X-Content-Type-Options': 'nosniff' });
}
