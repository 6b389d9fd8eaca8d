/**
 * The admin operations tagged Console (docs/console.md): the served admin document, the console and its files; the
 * pages' code loads when the console is first asked for.
 */
import { text } from '../../answer.ts';
import type { Handler } from '../../context.ts';
import { notFound, quote } from '../../errors.ts';
import { NO_CACHE } from '../../protocol/cache-headers.ts';
import { pagesData, YAML_TYPE } from '../api/docs.ts';

export const getAdminOpenApi: Handler = ({ services, url }) => {
  const served = services.documents.admin;
  return text(200, YAML_TYPE, served.yaml(url.origin), 'OK', NO_CACHE, () => served.document(url.origin));
};

export const getConsole: Handler = async (context) => {
  const template = await context.services.files.read('console', 'console.html');
  if (template === undefined) throw new Error('console.html is not among the files of the console');
  const { pageAnswer } = await import('../../console/pages.ts');
  return pageAnswer(template, await pagesData(context));
};

export const getConsoleAsset: Handler = async ({ services, params }) => {
  const name = params.asset ?? '';
  const file = name.endsWith('.html') ? undefined : await services.files.read('console', name);
  if (file === undefined) {
    throw notFound('not_found', `no file ${quote(name)} under /__admin/ui/; the page is /__admin/ui/`);
  }
  const { assetAnswer } = await import('../../console/pages.ts');
  return assetAnswer(file);
};
