/**
 * Figures for features still to come, each with the baseline it will be measured against in the same run: the
 * bench lists them in its report as "not measured yet" until their `measure` is written, and then prints what it
 * returns. Adding one is adding an entry here (and its unit-tested arithmetic beside it).
 */
import { measureClaimRules } from './claim-rules.ts';
import { measureProxy } from './proxy-figures.ts';
import type { Driver } from './load.ts';
import { table } from './report.ts';
import type { Baselines, Build } from './servers.ts';

export interface ExtraContext {
  readonly quick: boolean;
  readonly seed: number;
  readonly builds: readonly Build[];
  readonly baselines: Baselines;
  readonly driver: Driver;
  readonly log: (line: string) => void;
}

export interface ExtraResult {
  readonly server: string;
  readonly figure: string;
  readonly value: string;
  /** Against the entry's goal; undefined when it has none. */
  readonly met?: boolean;
}

export interface ExtraFigure {
  readonly id: string;
  readonly title: string;
  /** What the figure is held against, measured in the same run. */
  readonly baseline: string;
  readonly goal?: string;
  /** What must exist before it can be measured. */
  readonly needs: string;
  /** Measures the figure for every build; absent until the feature exists. */
  readonly measure?: (context: ExtraContext) => Promise<readonly ExtraResult[]>;
}

export const EXTRA_FIGURES: readonly ExtraFigure[] = [
  {
    id: 'token-claim-rules',
    title: 'password grants/s with 0 and with 100 claim rules in force',
    baseline: 'the same build and grant with no rule, same run (the `token` scenario at 50 connections)',
    goal: 'the cost per grant of 100 rules, reported as a ratio 100 rules ÷ 0 rules',
    needs: 'claim rules applied to every grant, set through the control plane',
    measure: measureClaimRules,
  },
  {
    id: 'proxy',
    title: 'drift proxy in front of identity-mock, GET /users?page=2&page_size=20',
    baseline:
      'the upstream reached directly (latency, 1 connection) and a plain node:http pass-through proxy in front of it (req/s at 50 connections), interleaved rounds, same run',
    needs: 'identity-mock proxy --upstream URL',
    measure: measureProxy,
  },
  {
    id: 'msw-bundle-size',
    title: 'MSW handlers: bytes a browser loads for createHandlers() at the default data, minified + gzipped',
    baseline: 'absolute',
    goal: '≤ 300 KB',
    needs: 'the MSW entry of the package (createHandlers)',
  },
];

/** Runs every figure that can be measured; the others are reported as not measured yet. */
export async function measureExtras(
  figures: readonly ExtraFigure[],
  context: ExtraContext,
): Promise<Map<string, readonly ExtraResult[]>> {
  const measured = new Map<string, readonly ExtraResult[]>();
  for (const figure of figures) {
    if (figure.measure !== undefined) measured.set(figure.id, await figure.measure(context));
  }
  return measured;
}

/** One row per measured result, one "not measured yet" row per figure without `measure`. */
export function extrasTable(
  figures: readonly ExtraFigure[],
  measured: ReadonlyMap<string, readonly ExtraResult[]>,
): string {
  const rows = figures.flatMap((f) => {
    const results = measured.get(f.id);
    if (results === undefined) return [[f.title, '', `not measured yet: needs ${f.needs}`, '']];
    return results.map((r) => [
      `${f.title}: ${r.figure}`,
      r.server,
      r.value,
      r.met === undefined ? '' : r.met ? 'met' : 'NOT MET',
    ]);
  });
  return table(['figure', 'server', 'measured', 'goal'], rows);
}
