/**
 * Content negotiation for the places that need it (`GET /` for a browser, docs/console.md; the journal as HAR): whether a request's
 * `Accept` prefers HTML to JSON (RFC 9110 §12.5.1). `*\/*` alone (curl, fetch) picks JSON, the first candidate.
 */
import { JSON_MEDIA_TYPE } from './media-type.ts';

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function ranges(accept: string): MediaRange[] {
  const out: MediaRange[] = [];
  for (const part of accept.split(',').slice(0, 64)) {
    const [range = '', ...params] = part.split(';');
    const [type = '', subtype = ''] = range.trim().toLowerCase().split('/');
    if (type === '' || subtype === '') continue;
    let q = 1;
    for (const param of params) {
      const [name = '', value = ''] = param.split('=');
      if (name.trim().toLowerCase() === 'q') q = Number(value.trim());
    }
    if (Number.isFinite(q)) out.push({ type, subtype, q });
  }
  return out;
}

interface Match {
  readonly q: number;
  /** 2 for an exact range, 1 for `type/*`, 0 for `*\/*`. */
  readonly specificity: number;
  /** Position of the range in the header. */
  readonly order: number;
}

/** How `accept` takes `mediaType`: its most specific matching range, or undefined when none matches. */
function match(accepted: readonly MediaRange[], mediaType: string): Match | undefined {
  const [type, subtype] = mediaType.split('/');
  let best: Match | undefined;
  accepted.forEach((range, order) => {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity >= 0 && (best === undefined || specificity > best.specificity)) {
      best = { q: range.q, specificity, order };
    }
  });
  return best;
}

/**
 * Whether `accept` prefers `text/html` to `application/json` (no header: it does not): the higher quality wins, then
 * the more specific range, then the range written first; a full tie goes to JSON, the first candidate.
 */
export function prefersHtml(accept: string | undefined): boolean {
  return prefers(accept, 'text/html');
}

/** Whether `accept` prefers `mediaType` to `application/json`, by the rules of `prefersHtml` (HAR, the journal). */
export function prefers(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined) return false;
  const accepted = ranges(accept);
  const wanted = match(accepted, mediaType);
  if (wanted === undefined || wanted.q <= 0) return false;
  const json = match(accepted, JSON_MEDIA_TYPE);
  if (json === undefined || json.q <= 0) return true;
  if (wanted.q !== json.q) return wanted.q > json.q;
  if (wanted.specificity !== json.specificity) return wanted.specificity > json.specificity;
  return wanted.order < json.order;
}
