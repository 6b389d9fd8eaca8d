/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The Resources panel (docs/console.md): what `GET /__admin/resources` says the engine made of the served document
 * — its collections with the records the session shown holds, and every operation with what serves it.
 */
import type { components } from '../../spec/admin-types.ts';
import { byId, h, replace } from './dom.ts';

type Resources = components['schemas']['Resources'];
type ServedBy = components['schemas']['ResourceOperation']['served_by'];

/** The order the summary counts operations in: what the engine serves first, the built-in handlers last. */
const SERVED_BY: readonly ServedBy[] = ['collection', 'item', 'singleton', 'example', 'built-in'];

function collectionRows(resources: Resources): HTMLTableRowElement[] {
  if (resources.collections.length === 0) {
    return [
      h(
        'tr',
        {},
        h(
          'td',
          { colspan: 7, class: 'empty' },
          'No collections inferred from the served document: every operation is answered by a built-in handler ' +
            'or its example. Serve a document of your own with --spec (docs/own-spec.md).',
        ),
      ),
    ];
  }
  return resources.collections.map((c) =>
    h(
      'tr',
      { 'data-collection': c.name },
      h('td', {}, h('code', {}, c.name)),
      h('td', { class: 'where' }, c.path),
      h('td', {}, c.schema ?? h('span', { class: 'hint' }, 'inline')),
      h('td', {}, c.id === null ? h('span', { class: 'hint' }, 'none') : h('code', {}, c.id)),
      h('td', {}, c.parent ?? ''),
      h('td', {}, c.unique.join(', ')),
      h('td', { class: 'num' }, c.count),
    ),
  );
}

function summary(resources: Resources): string {
  const counts = SERVED_BY.map(
    (kind) => [kind, resources.operations.filter((op) => op.served_by === kind).length] as const,
  ).filter(([, n]) => n > 0);
  return `${resources.operations.length} operations: ${counts.map(([kind, n]) => `${n} ${kind}`).join(', ')}`;
}

export function wireResources(): (answer: unknown) => void {
  return (answer) => {
    const resources = answer as Resources | undefined;
    const count = byId('resources-count');
    count.textContent = String(resources?.collections.length ?? 0);
    count.hidden = resources === undefined || resources.collections.length === 0;
    count.title = 'collections';
    if (resources === undefined) {
      replace(byId('resource-rows'));
      replace(byId('resource-operation-rows'));
      byId('resources-summary').textContent = 'Operations';
      return;
    }
    replace(byId('resource-rows'), ...collectionRows(resources));
    byId('resources-summary').textContent = summary(resources);
    replace(
      byId('resource-operation-rows'),
      ...resources.operations.map((op) =>
        h(
          'tr',
          { 'data-operation': op.operationId },
          h('td', {}, h('span', { class: `method m-${op.method.toLowerCase()}` }, op.method)),
          h('td', { class: 'where' }, op.path),
          h('td', {}, h('code', {}, op.operationId)),
          h(
            'td',
            {},
            // What the engine serves stands out from the built-in handlers.
            h('span', { class: op.served_by === 'built-in' ? 'pill' : 'pill live' }, op.served_by),
          ),
        ),
      ),
    );
  };
}
