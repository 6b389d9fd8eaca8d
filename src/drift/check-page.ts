/**
 * A page's size against its request and its `X-Total-Count` (docs/users.md): never more items than the page size;
 * on a page before the last exactly the page size; on the last page what remains of the total; past the last page
 * none (200 with `[]`, `X-Total-Count` still the total).
 */
import type { Observed } from './exchange.ts';
import type { FindingInput } from './finding.ts';
import type { ListPage } from './list-page.ts';

export function checkPage(observed: Observed, page: ListPage): FindingInput[] {
  const { items, pageSize, sizeParam, total } = page;
  const n = items.length;
  if (n > pageSize) {
    return [
      {
        operation: observed.operationName,
        kind: 'page_size',
        where: 'body',
        expected: `at most ${pageSize} items (${sizeParam} ${page.pageSize}${page.sizeSent ? '' : ', the default'})`,
        actual: `${n} items`,
      },
    ];
  }
  if (total === undefined) return [];
  const last = Math.max(1, Math.ceil(total / pageSize));
  const expected = page.page < last ? pageSize : page.page === last ? total - (last - 1) * pageSize : 0;
  if (n === expected) return [];
  const position =
    page.page < last ? 'a page before the last' : page.page === last ? 'the last page' : 'past the last page';
  return [
    {
      operation: observed.operationName,
      kind: 'total_count',
      where: 'X-Total-Count',
      expected: `${expected} items on page ${page.page} (${position}) of X-Total-Count ${total} with ${sizeParam} ${pageSize}`,
      actual: `${n} items`,
    },
  ];
}
