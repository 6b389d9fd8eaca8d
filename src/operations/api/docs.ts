/**
 * The operations tagged Documentation (docs/console.md): the served documents (`/openapi.yaml`, `/openapi.json`,
 * `servers` set to the URL the request reached), the API reference (`/docs`, its files) and the site icon. The
 * pages' code (`console/pages.ts`, `console/page-data.ts`) loads when a page is first asked for, not at start.
 */
import { bytes, text } from '../../answer.ts';
import { JSON_CONTENT_TYPE } from '../../protocol/media-type.ts';
import type { Handler, RequestContext } from '../../context.ts';
import { notFound, quote } from '../../errors.ts';
import { FAVICON, FAVICON_TYPE } from '../../console/favicon.ts';
import type { PageData } from '../../console/pages.ts';
import { ICON_CACHE, NO_CACHE } from '../../protocol/cache-headers.ts';

export const YAML_TYPE = 'application/yaml; charset=utf-8';

export const getOpenApiYaml: Handler = ({ services, url }) => {
  const served = services.documents.api;
  return text(200, YAML_TYPE, served.yaml(url.origin), 'OK', NO_CACHE, () => served.document(url.origin));
};

export const getOpenApiJson: Handler = ({ services, url }) => {
  const served = services.documents.api;
  return text(200, JSON_CONTENT_TYPE, served.json(url.origin), 'OK', NO_CACHE, () =>
    served.document(url.origin),
  );
};

export const getDocs: Handler = async (context) => {
  const template = await context.services.files.read('docs', 'docs.html');
  if (template === undefined) throw new Error('docs.html is not among the files of /docs');
  const base = context.url.origin;
  const auth = new URL(authUrl(context, base)).origin;
  const { pageAnswer } = await import('../../console/pages.ts');
  return pageAnswer(template, await pagesData(context), auth === base ? [] : [auth]);
};

export const getDocsAsset: Handler = async ({ services, params }) => {
  const name = params.asset ?? '';
  const file = name.endsWith('.html') ? undefined : await services.files.read('docs', name);
  if (file === undefined)
    throw notFound('not_found', `no file ${quote(name)} under /docs; the page is /docs`);
  const { assetAnswer } = await import('../../console/pages.ts');
  return assetAnswer(file);
};

export const getFavicon: Handler = () =>
  bytes(200, FAVICON_TYPE, FAVICON, 'OK', { ...ICON_CACHE, 'X-Content-Type-Options': 'nosniff' });

/** The authorization server's URL, given the URL the request reached (its own listener with `--auth-port`). */
export function authUrl(context: RequestContext, base: string): string {
  return context.services.settings.separateAuthServer
    ? context.services.tokens.settings.issuer.replace(/\/$/, '')
    : base;
}

/** What the pages are told: the known accounts, the client of the token control, the audience. */
export async function pagesData(context: RequestContext): Promise<PageData> {
  const { services, session } = context;
  const { pageData } = await import('../../console/page-data.ts');
  return pageData(
    services.knownAccounts,
    session.state.clients,
    services.settings.audience,
    services.settings.admin,
  );
}
