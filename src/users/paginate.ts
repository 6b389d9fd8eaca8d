/** Page arithmetic shared by every paginated list (users, workspace members). */

export interface PageWindow {
  /** Index of the page's first item in the full result. */
  readonly start: number;
  /** Index one past the page's last item (≤ total). */
  readonly end: number;
  /** Number of the last page (1 when the result is empty). */
  readonly lastPage: number;
}

/**
 * The slice of a result of `total` items that page `page` (from 1) of `pageSize` items covers. Past the last page
 * the slice is empty (docs/users.md: 200 with `[]`).
 *
 * @example paginate(45, 3, 20) // { start: 40, end: 45, lastPage: 3 }
 */
export function paginate(total: number, page: number, pageSize: number): PageWindow {
  const start = Math.min(total, (page - 1) * pageSize);
  return {
    start,
    end: Math.min(total, start + pageSize),
    lastPage: Math.max(1, Math.ceil(total / pageSize)),
  };
}
