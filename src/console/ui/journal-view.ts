/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/** The live request journal of the console: the list, its filters and the detail of one entry. */
import type { components } from '../../spec/admin-types.ts';
import { h, replace } from './dom.ts';

export type JournalEntry = components['schemas']['JournalEntry'];

/** Entries kept in the page; older ones drop off (the journal itself keeps 1000). */
export const KEPT = 500;
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

export interface JournalFilter {
  method: string;
  path: string;
  status: string;
  /** Whether the requests for the pages' own files are shown (`isPageFile`). */
  pageFiles: boolean;
}

/** The documents a browser page loads for itself (the API reference's); a client's own fetch of them is shown. */
const DOCUMENTS = new Set(['/openapi.json', '/openapi.yaml']);

/**
 * Whether an entry is a browser page's load of its own files rather than a use of the API: `GET /` (sent on to the
 * console), `/favicon.ico`, `/docs` and its files, and the documents when the API reference page fetched them (a
 * browser's same-origin fetch). The console's own files are under `/__admin`, which the journal does not record.
 */
export function isPageFile(entry: JournalEntry): boolean {
  if (entry.method !== 'GET' && entry.method !== 'HEAD') return false;
  const { path } = entry;
  if (path === '/' || path === '/favicon.ico' || path === '/docs' || path.startsWith('/docs/')) return true;
  const headers: Readonly<Record<string, unknown>> = entry.request.headers;
  return DOCUMENTS.has(path) && headers['sec-fetch-site'] === 'same-origin';
}

export class JournalView {
  readonly #entries: JournalEntry[] = [];
  readonly #ids = new Set<number>();
  readonly #rows: HTMLElement;
  readonly #detail: HTMLElement;
  readonly #count: HTMLElement;
  readonly filter: JournalFilter = { method: '', path: '', status: '', pageFiles: false };
  readonly #pagesCount: HTMLElement | undefined;
  #selected: number | undefined;
  #scheduled = false;

  /** `pagesCount` shows how many entries are page files (shown or hidden by the filter). */
  constructor(rows: HTMLElement, detail: HTMLElement, count: HTMLElement, pagesCount?: HTMLElement) {
    this.#rows = rows;
    this.#detail = detail;
    this.#count = count;
    this.#pagesCount = pagesCount;
  }

  /** Adds entries (any order, duplicates ignored), newest first in the list. */
  add(entries: readonly JournalEntry[]): void {
    for (const entry of entries) {
      if (this.#ids.has(entry.id)) continue;
      this.#ids.add(entry.id);
      this.#entries.push(entry);
    }
    this.#entries.sort((a, b) => b.id - a.id);
    for (const dropped of this.#entries.splice(KEPT)) this.#ids.delete(dropped.id);
    this.render();
  }

  clear(): void {
    this.#entries.length = 0;
    this.#ids.clear();
    this.#selected = undefined;
    this.render();
  }

  /** Redraws on the next frame (many events in a burst draw once). */
  render(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    requestAnimationFrame(() => {
      this.#scheduled = false;
      this.#draw();
    });
  }

  #matches(entry: JournalEntry): boolean {
    const { method, path, status, pageFiles } = this.filter;
    if (!pageFiles && isPageFile(entry)) return false;
    if (method !== '' && entry.method !== method) return false;
    if (path !== '' && !entry.path.toLowerCase().includes(path.toLowerCase())) return false;
    if (status !== '') {
      const s = String(entry.status);
      // `4xx` matches a class of statuses, `404` one status.
      if (/^[0-9]xx$/i.test(status) ? s[0] !== status[0] : s !== status) return false;
    }
    return true;
  }

  #draw(): void {
    const shown = this.#entries.filter((entry) => this.#matches(entry));
    const total = this.#entries.length;
    const all = total >= KEPT ? `the last ${KEPT}` : `${total} recorded`;
    this.#count.textContent = shown.length === total ? all : `${shown.length} shown of ${all}`;
    if (this.#pagesCount !== undefined)
      this.#pagesCount.textContent = `page files (${this.#entries.filter(isPageFile).length})`;
    replace(
      this.#rows,
      ...shown.map((entry) =>
        h(
          'tr',
          {
            class: entry.id === this.#selected ? 'selected' : '',
            'data-id': entry.id,
            tabindex: 0,
            onclick: () => {
              this.#select(entry);
            },
            onkeydown: (event: Event) => {
              if ((event as KeyboardEvent).key === 'Enter') this.#select(entry);
            },
          },
          h('td', { class: 'time' }, entry.time.slice(11, 23)),
          h('td', { class: `method m-${entry.method.toLowerCase()}` }, entry.method),
          h('td', { class: 'path' }, entry.path, h('span', { class: 'query' }, queryString(entry.query))),
          h('td', {}, h('span', { class: `status ${statusClass(entry.status)}` }, entry.status || 'dropped')),
          h('td', { class: 'ms' }, `${entry.duration_ms} ms`),
        ),
      ),
    );
    if (shown.length === 0) {
      replace(
        this.#rows,
        h(
          'tr',
          {},
          h(
            'td',
            { colspan: 5, class: 'empty' },
            total === 0
              ? 'No requests yet: call the API and they appear here.'
              : 'No request matches the filters.',
          ),
        ),
      );
    }
    const selected = this.#entries.find((entry) => entry.id === this.#selected);
    if (selected === undefined) replace(this.#detail);
    else this.#drawDetail(selected);
  }

  #select(entry: JournalEntry): void {
    this.#selected = this.#selected === entry.id ? undefined : entry.id;
    this.render();
  }

  #drawDetail(entry: JournalEntry): void {
    const block = (title: string, value: unknown, wide = false): HTMLElement =>
      h(
        'div',
        { class: wide ? 'block wide' : 'block' },
        h('h3', {}, title),
        h('pre', {}, value === undefined ? '(none)' : JSON.stringify(value, null, 2)),
      );
    replace(
      this.#detail,
      h(
        'div',
        { class: 'detail-head' },
        h('strong', {}, `${entry.method} ${entry.path}${queryString(entry.query)}`),
        ` → ${entry.status || 'dropped'} in ${entry.duration_ms} ms · #${entry.id} · ${entry.time}`,
        h(
          'button',
          {
            class: 'link',
            onclick: () => {
              this.#selected = undefined;
              this.render();
            },
          },
          'Close',
        ),
      ),
      h(
        'div',
        { class: 'blocks' },
        block('Request headers', entry.request.headers),
        block('Response headers', entry.response.headers),
        block('Request body', entry.request.body, true),
      ),
    );
  }
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function statusClass(status: number): string {
  return status === 0 ? 's0' : `s${String(status)[0] ?? ''}xx`;
}
