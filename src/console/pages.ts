/**
 * The two HTML pages (docs/console.md): their templates are built into the assets folder with the scripts they
 * load; the server adds what the page needs to know (the known accounts, the client of the token control) as a JSON
 * block that the page's script reads, never as code.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Response } from 'express';

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

/** `template` with the page data in place of its mark; `<` is escaped so no value can close the script element. */
export function renderPage(template: string, data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return template.replace(MARK, `<script type="application/json" id="page-data">${json}</script>`);
}

/** Reads `name` from the built folder and sends it with the page data and the headers every page gets. */
export async function sendPage(
  res: Response,
  dir: string,
  name: string,
  data: PageData,
  connectTo: readonly string[] = [],
): Promise<void> {
  const template = await readFile(join(dir, name), 'utf8');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "img-src 'self' data:",
      "style-src 'self' 'unsafe-inline'",
      `connect-src ${["'self'", ...connectTo].join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ].join('; '),
  );
  res.setHeader('X-Message', 'OK');
  res.status(200).send(renderPage(template, data));
}

/** Sends a built or packaged file (HEAD and conditional requests included); a dropped client is not an error. */
export function sendAsset(res: Response, file: string, contentType: string): Promise<void> {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Message', 'OK');
  return new Promise((resolve, reject) => {
    res.sendFile(file, { dotfiles: 'deny' }, (error?: Error) => {
      if (error === undefined || res.headersSent) resolve();
      else reject(error);
    });
  });
}
