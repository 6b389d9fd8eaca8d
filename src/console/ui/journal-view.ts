/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/** The live request journal of the console: the list, its filters and the detail of one entry. */
import type { components } from '../../spec/admin-types.ts';
import { h, replace } from './dom.ts';

export type JournalEntry = components['schemas']['JournalEntry'];

/** Entries kept in the page; older ones drop off (the journal itself keeps 1000). */
const KEPT = 500;
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

export interface JournalFilter {
  method: string;
  path: string;
  status: string;
}

export class JournalView {
  readonly #entries: JournalEntry[] = [];
  readonly #ids = new Set<number>();
  readonly #rows: HTMLElement;
  readonly #detail: HTMLElement;
  readonly #count: HTMLElement;
  readonly filter: JournalFilter = { method: '', path: '', status: '' };
  #selected: number | undefined;
  #scheduled = false;

  constructor(rows: HTMLElement, detail: HTMLElement, count: HTMLElement) {
    this.#rows = rows;
    this.#detail = detail;
    this.#count = count;
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
    const { method, path, status } = this.filter;
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
    this.#count.textContent = `${shown.length} of ${this.#entries.length}`;
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
          h('td', { colspan: 5, class: 'empty' }, 'No requests yet: call the API and they appear here.'),
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
