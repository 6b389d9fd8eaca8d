/**
 * The readable summary of findings that the proxy writes on stderr when it stops and the probe prints at the end
 * (docs/drift.md): one block per finding, grouped by kind in the order of FINDING_KINDS, at most SUMMARY_LIMIT.
 */
import { FINDING_KINDS, type DriftListing, type Finding } from './finding.ts';

/** Findings written out in full; beyond, a line counts the rest. */
export const SUMMARY_LIMIT = 40;

/**
 * @example summarize({ findings: [] }, 12) // 'identity-mock drift: no drift in 12 requests\n'
 */
export function summarize(listing: DriftListing, requests: number): string {
  const { findings } = listing;
  const dropped = listing.dropped ?? 0;
  const exchanges = `${requests} request${requests === 1 ? '' : 's'}`;
  if (findings.length === 0 && dropped === 0) return `identity-mock drift: no drift in ${exchanges}\n`;
  const sorted = [...findings].sort(
    (a, b) =>
      FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind) || compare(a.operation, b.operation),
  );
  const byKind = new Map<string, number>();
  for (const finding of findings) byKind.set(finding.kind, (byKind.get(finding.kind) ?? 0) + 1);
  const lines = [
    `identity-mock drift: ${findings.length + dropped} finding${findings.length + dropped === 1 ? '' : 's'} in ${exchanges}` +
      ` (${[...byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')})`,
    ...sorted.slice(0, SUMMARY_LIMIT).flatMap(block),
  ];
  if (sorted.length > SUMMARY_LIMIT) lines.push(`  … and ${sorted.length - SUMMARY_LIMIT} more`);
  if (dropped > 0) lines.push(`  … and ${dropped} more not kept (the findings were full)`);
  return `${lines.join('\n')}\n`;
}

function block(finding: Finding): string[] {
  const times = finding.count === 1 ? 'once' : `${finding.count} times`;
  return [
    `  ${finding.kind}  ${finding.operation}  ${finding.where}  (${times}, first in request ${finding.first_request_id})`,
    `      expected ${finding.expected}`,
    `      got      ${finding.actual}`,
  ];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
