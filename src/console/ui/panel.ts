/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/** What the console's panels share: how they report, read their forms and ask for the state to be read again. */
import { byId } from './dom.ts';

export interface PanelOptions {
  /** Reads the admin state again now (after the page changed it). */
  readonly refresh: () => void;
  /** Shows `message` in the element `id` (an error in red). */
  readonly say: (id: string, message: string, error?: boolean) => void;
  /** A handler that shows an error in the element `id`. */
  readonly fail: (id: string) => (error: unknown) => void;
}

export function say(id: string, message: string, error = false): void {
  const element = byId(id);
  element.textContent = message;
  element.classList.toggle('error', error);
}

export function fail(id: string): (error: unknown) => void {
  return (error) => {
    say(id, error instanceof Error ? error.message : String(error), true);
  };
}

/** Reads a form's named fields as trimmed strings. */
export function fields(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  new FormData(form).forEach((value, name) => {
    out[name] = typeof value === 'string' ? value.trim() : '';
  });
  return out;
}

/** The named fields that were filled in, as numbers. */
export function numberFields(f: Record<string, string>, names: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of names) {
    const value = f[name];
    if (value !== undefined && value !== '') out[name] = Number(value);
  }
  return out;
}

/** `2026-01-01T10:20:30.000Z` as `10:20:30`, the whole instant in the tooltip (UTC, as the journal's times). */
export function utcTime(iso: string): HTMLElement {
  const element = document.createElement('span');
  element.className = 'time';
  element.title = iso;
  element.textContent = iso.slice(11, 19);
  return element;
}
