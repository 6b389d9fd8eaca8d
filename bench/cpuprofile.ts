/**
 * A `.cpuprofile` (what `node --cpu-prof` writes) summarised: self time and total time per function, and self time
 * per area (a dependency, a folder of identity-mock, Node's internals, V8's own entries such as the garbage
 * collector). Pure: unit-tested in test/unit/bench-cpuprofile.test.ts; `profile-summary.ts` prints it.
 */

export interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  /** 0-based. */
  readonly lineNumber: number;
}

export interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  /** Microseconds (V8's monotonic clock). */
  readonly startTime: number;
  readonly endTime: number;
  /** The node on top of the stack at each sample. */
  readonly samples: readonly number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  readonly timeDeltas: readonly number[];
}

export interface Entry {
  /** `functionName` (or `(anonymous)`), or an area's name. */
  readonly name: string;
  /** `file:line`, the file relative to the checkout or to node_modules; empty for V8's own entries and areas. */
  readonly where: string;
  readonly ms: number;
  /** Percent of the busy (not idle) time. */
  readonly percent: number;
}

export interface Summary {
  readonly windowMs: number;
  readonly idleMs: number;
  readonly samples: number;
  readonly self: readonly Entry[];
  readonly total: readonly Entry[];
  readonly areas: readonly Entry[];
  /** Per area, the time of the samples with that area anywhere on the stack (what it and its callees cost). */
  readonly areaTotals: readonly Entry[];
}

/** A window of the profile to summarise, in microseconds since its startTime. */
export interface Window {
  readonly fromUs?: number | undefined;
  readonly toUs?: number | undefined;
}

/** A file's name as a reader finds it: inside node_modules from the package on, else relative to `root`. */
export function shortFile(url: string, root: string): string {
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) return path.slice(modules + '/node_modules/'.length);
  const base = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

/**
 * Where a function lives, coarsely: `node_modules/<package>`, identity-mock's folder (`dist/users`,
 * `src/http`), `node:internal`, `(native)` for V8 builtins, or a V8 entry such as `(garbage collector)`.
 */
export function areaOf(frame: CallFrame, root: string): string {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const parts = shortFile(url, root).split('/');
  if (url.includes('/node_modules/')) {
    const scoped = (parts[0] ?? '').startsWith('@');
    return `node_modules/${parts.slice(0, scoped ? 2 : 1).join('/')}`;
  }
  return parts
    .slice(0, Math.max(1, parts.length - 1))
    .slice(0, 2)
    .join('/');
}

const IDLE = '(idle)';

/** The summary of `profile` over `window`, functions keyed by name, file and line. */
export function summarise(profile: CpuProfile, root: string, window: Window = {}): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (frame: CallFrame): string => {
    const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
    const where = frame.url === '' ? '' : `${shortFile(frame.url, root)}:${String(frame.lineNumber + 1)}`;
    return `${name}\u0000${where}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const areas = new Map<string, number>();
  const areaTotals = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number): void => {
    map.set(key, (map.get(key) ?? 0) + us);
  };
  let at = 0;
  let windowUs = 0;
  let idleUs = 0;
  let counted = 0;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    at += timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one (the last: until the profile's end).
    const next = timeDeltas[i + 1];
    const us = next ?? Math.max(0, profile.endTime - profile.startTime - at);
    if (
      (window.fromUs !== undefined && at < window.fromUs) ||
      (window.toUs !== undefined && at > window.toUs)
    )
      continue;
    const node = byId.get(samples[i] ?? -1);
    if (node === undefined) continue;
    counted++;
    windowUs += us;
    if (node.callFrame.functionName === IDLE) {
      idleUs += us;
      continue;
    }
    add(self, keyOf(node.callFrame), us);
    add(areas, areaOf(node.callFrame, root), us);
    const seen = new Set<string>();
    const seenAreas = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (frame === undefined || frame.functionName === '(root)') continue;
      const key = keyOf(frame);
      if (!seen.has(key)) {
        seen.add(key);
        add(total, key, us);
      }
      const area = areaOf(frame, root);
      if (!seenAreas.has(area)) {
        seenAreas.add(area);
        add(areaTotals, area, us);
      }
    }
  }
  const busyUs = windowUs - idleUs;
  const entries = (map: Map<string, number>, keyed: boolean): Entry[] =>
    [...map.entries()]
      .map(([key, us]) => {
        const [name = '', where = ''] = keyed ? key.split('\u0000') : [key, ''];
        return { name, where, ms: us / 1000, percent: busyUs === 0 ? 0 : (100 * us) / busyUs };
      })
      .sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name));
  return {
    windowMs: windowUs / 1000,
    idleMs: idleUs / 1000,
    samples: counted,
    self: entries(self, true),
    total: entries(total, true),
    areas: entries(areas, false),
    areaTotals: entries(areaTotals, false),
  };
}

function row(e: Entry): string {
  return `${e.ms.toFixed(1).padStart(9)}  ${e.percent.toFixed(1).padStart(5)}%  ${e.name}${e.where === '' ? '' : `  ${e.where}`}`;
}

/** The summary as text: top `selfTop` by self time, top `totalTop` by total time, the top areas both ways. */
export function formatSummary(summary: Summary, selfTop = 25, totalTop = 15, areaTop = 15): string {
  return [
    `${summary.windowMs.toFixed(0)} ms sampled (${String(summary.samples)} samples), ${summary.idleMs.toFixed(0)} ms idle; percentages of the ${(summary.windowMs - summary.idleMs).toFixed(0)} ms busy`,
    '',
    `top ${String(selfTop)} by self time`,
    '       ms      %  function  file:line',
    ...summary.self.slice(0, selfTop).map(row),
    '',
    `top ${String(totalTop)} by total time (self + callees)`,
    '       ms      %  function  file:line',
    ...summary.total.slice(0, totalTop).map(row),
    '',
    `self time by area (top ${String(areaTop)})`,
    '       ms      %  area',
    ...summary.areas.slice(0, areaTop).map(row),
    '',
    `total time by area: the area anywhere on the stack (top ${String(areaTop)})`,
    '       ms      %  area',
    ...summary.areaTotals.slice(0, areaTop).map(row),
  ].join('\n');
}
