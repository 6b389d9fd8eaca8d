/**
 * Handlers of the documentation operations of spec/openapi.yaml (`/openapi.yaml`, `/openapi.json`, `/docs`) and of
 * the console's operations of spec/admin.yaml (`/__admin/openapi.yaml`, `/__admin/requests/stream`,
 * `/__admin/ui/`), docs/console.md.
 */
import type { Request } from 'express';
import { join } from 'node:path';
import type { OperationContext, OperationHandler } from '../http/dispatch.ts';
import { ApiError, quote } from '../http/errors.ts';
import type { SpecDocument } from '../spec/document.ts';
import { contentTypeOf, requireBuiltDir, swaggerUiDir } from './assets.ts';
import type { JournalStreams } from './journal-stream.ts';
import { sendAsset, sendPage, type PageData } from './pages.ts';
import { adminSpec, apiSpec, type ServedSpec } from './served-spec.ts';

/** The URL this request reached: scheme, host and port (behind a trusted proxy, the forwarded ones). */
export function baseUrlOf(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

/** Files `GET /docs/{asset}` serves, and where each one lives. */
const DOCS_ASSETS: Readonly<Record<string, 'swagger-ui' | 'built'>> = Object.freeze({
  'swagger-ui-bundle.js': 'swagger-ui',
  'swagger-ui.css': 'swagger-ui',
  'docs.js': 'built',
  'docs.css': 'built',
});

/** Files `GET /__admin/ui/{asset}` serves. */
const CONSOLE_ASSETS: ReadonlySet<string> = new Set(['console.js', 'console.css']);

export interface DocsOptions {
  readonly doc: SpecDocument;
  /** The authorization server's URL, given the URL the request reached. */
  readonly authUrl: (base: string) => string;
  readonly pageData: () => PageData;
}

export type DocsOperation = 'getOpenApiYaml' | 'getOpenApiJson' | 'getDocs' | 'getDocsAsset';

export function docsHandlers(options: DocsOptions): Record<DocsOperation, OperationHandler> {
  const served = apiSpec(options.doc, options.authUrl);
  return {
    getOpenApiYaml: ({ req, res }) => {
      sendSpec(res, served, baseUrlOf(req), 'yaml');
    },
    getOpenApiJson: ({ req, res }) => {
      sendSpec(res, served, baseUrlOf(req), 'json');
    },
    getDocs: async ({ req, res }) => {
      const base = baseUrlOf(req);
      const auth = new URL(options.authUrl(base)).origin;
      await sendPage(res, requireBuiltDir(), 'docs.html', options.pageData(), auth === base ? [] : [auth]);
    },
    getDocsAsset: async ({ res, params }) => {
      const name = params.asset ?? '';
      const where = Object.hasOwn(DOCS_ASSETS, name) ? DOCS_ASSETS[name] : undefined;
      if (where === undefined) {
        throw new ApiError(404, 'not_found', `no file ${quote(name)} under /docs; the page is /docs`);
      }
      const dir = where === 'swagger-ui' ? swaggerUiDir() : requireBuiltDir();
      await sendAsset(res, join(dir, name), contentTypeOf(name));
    },
  };
}

export interface ConsoleOptions {
  readonly doc: SpecDocument;
  readonly streams: JournalStreams;
  readonly pageData: () => PageData;
}

export type ConsoleOperation = 'getAdminOpenApi' | 'streamRequests' | 'getConsole' | 'getConsoleAsset';

export function consoleHandlers(options: ConsoleOptions): Record<ConsoleOperation, OperationHandler> {
  const served = adminSpec(options.doc);
  return {
    getAdminOpenApi: ({ req, res }) => {
      sendSpec(res, served, baseUrlOf(req), 'yaml');
    },
    streamRequests: ({ res }: OperationContext) => {
      options.streams.open(res);
    },
    getConsole: async ({ res }) => {
      await sendPage(res, requireBuiltDir(), 'console.html', options.pageData());
    },
    getConsoleAsset: async ({ res, params }) => {
      const name = params.asset ?? '';
      if (!CONSOLE_ASSETS.has(name)) {
        throw new ApiError(
          404,
          'not_found',
          `no file ${quote(name)} under /__admin/ui/; the page is /__admin/ui/`,
        );
      }
      await sendAsset(res, join(requireBuiltDir(), name), contentTypeOf(name));
    },
  };
}

function sendSpec(
  res: OperationContext['res'],
  served: ServedSpec,
  base: string,
  form: 'yaml' | 'json',
): void {
  res.setHeader(
    'Content-Type',
    form === 'yaml' ? 'application/yaml; charset=utf-8' : 'application/json; charset=utf-8',
  );
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Message', 'OK');
  res.status(200).send(form === 'yaml' ? served.yaml(base) : served.json(base));
}
