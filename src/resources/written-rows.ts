/**
 * A list in a session that wrote (docs/own-spec.md "Sessions"): the shared answer over the seeded records
 * (`base-queries.ts`) with the session's replaced and deleted seeded records taken out, and the records it wrote
 * (replaced or created) that match the query merged in where the answer's order places them. The session's
 * matching rows are kept, sorted, until its next write (`Overlay.keepRows`, counted in its bytes), so paging
 * through a result costs the page and the session's own rows, not the collection.
 */
import type { SeededResult } from './base-queries.ts';
import type { ListQuery } from './list-query.ts';
import type { Overlay, OwnMatches, WrittenRow } from './overlay.ts';
import {
  compareRecords,
  matchTier,
  type ListResult,
  type ListShape,
  type ResourceRecord,
} from './run-list.ts';

type Order = (a: WrittenRow, b: WrittenRow) => number;
/** Whether the seeded row at `i` of the shared answer (position `p`) comes before the session's row `own`. */
type Before = (i: number, p: number, own: WrittenRow) => boolean;

/** How many of the ascending `values` are below `limit`. */
function countBelow(values: Uint32Array, limit: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where the walk of a page from `offset` starts: the shared answer's index `i`, the session's row `j` and the
 * merged index `k` of the last point at or before `offset` where both are known without walking. Before seeded
 * row `i` stand its `i` seeded rows less the hidden ones, and the session's rows placed at or before `i`.
 */
function start(
  offset: number,
  length: number,
  hiddenAt: Uint32Array,
  insertAt: Uint32Array,
): [number, number, number] {
  const merged = (i: number): number => i - countBelow(hiddenAt, i) + countBelow(insertAt, i + 1);
  if (offset === 0 || merged(0) > offset) return [0, 0, 0];
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (merged(mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return [lo, countBelow(insertAt, lo + 1), merged(lo)];
}

/** How the answer orders the session's rows: by the sort, by search tier then position, or by position. */
function orderOf(query: ListQuery, shape: ListShape): Order {
  const sort = query.sort;
  if (sort !== undefined) return (a, b) => compareRecords(a.record, b.record, sort, shape);
  if (query.terms.length > 0) return (a, b) => a.tier - b.tier || a.position - b.position;
  return (a, b) => a.position - b.position;
}

/** The session's own matches for `query` under `parent` (kept until its next write). */
function ownMatches(
  overlay: Overlay,
  parent: string | undefined,
  query: ListQuery,
  shape: ListShape,
  key: string,
  seededResult: SeededResult,
  before: Before,
): OwnMatches {
  const kept = overlay.keptRows(key);
  if (kept !== undefined) return kept;
  const rows: WrittenRow[] = [];
  const seeded = overlay.base.entries.length;
  const sort = query.sort;
  const order = sort === undefined ? undefined : overlay.base.queries.order(sort).order;
  const entries = overlay.base.entries;
  /** The first rank of the kept order whose record the sort puts after `record`. */
  const rankOf = (record: ResourceRecord): number => {
    if (sort === undefined || order === undefined) return 0;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const probe = entries[order[mid] ?? 0]?.record;
      if (probe !== undefined && compareRecords(probe, record, sort, shape) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const add = (record: ResourceRecord, position: number): void => {
    const tier = matchTier(record, query, shape);
    if (tier >= 0) rows.push({ record, position, tier, rank: rankOf(record) });
  };
  const { positions } = seededResult;
  /** The index in the shared answer of the first seeded row that does not come before `row`. */
  const placeOf = (row: WrittenRow): number => {
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(mid, positions[mid] ?? 0, row)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const hiddenAt: number[] = [];
  for (const [k, entry] of overlay.changed) {
    const original = overlay.base.index.get(k);
    if (original === undefined || original.parent !== parent) continue;
    const tier = matchTier(original.record, query, shape);
    const position = overlay.base.positionOf(k) ?? 0;
    // Placed as a row of its own, a seeded record finds its own index in the shared answer.
    if (tier >= 0)
      hiddenAt.push(placeOf({ record: original.record, position, tier, rank: rankOf(original.record) - 1 }));
    if (entry !== null) add(entry.record, position);
  }
  let ordinal = 0;
  for (const entry of overlay.added.values()) {
    if (entry.parent === parent) add(entry.record, seeded + ordinal);
    ordinal++;
  }
  rows.sort(orderOf(query, shape));
  const matches = {
    rows,
    hidden: hiddenAt.length,
    hiddenAt: Uint32Array.from(hiddenAt).sort(),
    insertAt: Uint32Array.from(rows, placeOf),
  };
  overlay.keepRows(key, matches);
  return matches;
}

/** The page `query` asks for in the session of `overlay`: the shared answer `seeded` merged with its writes. */
export function mergedPage(
  seeded: SeededResult,
  overlay: Overlay,
  parent: string | undefined,
  query: ListQuery,
  shape: ListShape,
  key: string,
): ListResult {
  const { entries, queries } = overlay.base;
  const { changed } = overlay;
  const { positions, tiers } = seeded;
  const rank = query.sort === undefined ? undefined : queries.order(query.sort).rank;
  const ranked = query.terms.length > 0;
  /** Whether the seeded row at `i` of the shared answer comes before the session's row `own`. */
  const before: Before = (i, p, own) => {
    if (rank !== undefined) return (rank[p] ?? 0) < own.rank;
    if (ranked) {
      const tier = tiers?.[i] ?? 0;
      return tier < own.tier || (tier === own.tier && p < own.position);
    }
    return p < own.position;
  };
  const { rows, hidden, hiddenAt, insertAt } = ownMatches(overlay, parent, query, shape, key, seeded, before);
  const end = query.limit === Infinity ? Infinity : query.offset + query.limit;
  const items: ResourceRecord[] = [];
  let [i, j, k] = start(query.offset, positions.length, hiddenAt, insertAt);
  for (; k < end; k++) {
    // The next seeded row the session left alone.
    for (; i < positions.length; i++) {
      const entry = entries[positions[i] ?? 0];
      if (entry !== undefined && !changed.has(entry.key)) break;
    }
    const own = rows[j];
    const p = positions[i] ?? 0;
    let next: ResourceRecord | undefined;
    if (i < positions.length && (own === undefined || before(i, p, own))) {
      next = entries[p]?.record;
      i++;
    } else if (own !== undefined) {
      next = own.record;
      j++;
    } else break;
    if (k >= query.offset && next !== undefined) items.push(next);
  }
  return { items, total: positions.length - hidden + rows.length };
}
