/**
 * Watches files for changes (`--watch`, docs/own-spec.md "Live reload") with `node:fs.watch`, one watcher per file.
 * Editors save by writing a new file and renaming it over the old one, which ends a watcher's life with the old
 * file: after a rename (or an error) the file is watched again under its name, once it exists again. Changes are
 * debounced: a burst of events is one call. The watchers never keep the process alive.
 */
import { watch, type FSWatcher } from 'node:fs';

/** How often a file that is gone (mid-save, or deleted) is looked for again. */
const REARM_MS = 50;

export interface FileWatch {
  close(): void;
}

/** Calls `onChange` with the paths that changed, `debounceMs` after the last event of a burst. */
export function watchFiles(
  paths: readonly string[],
  onChange: (changed: readonly string[]) => void,
  debounceMs = 100,
): FileWatch {
  let closed = false;
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watchers = new Map<string, FSWatcher>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      run();
    }, ms);
    t.unref();
    timers.add(t);
  };
  const changedNow = (path: string): void => {
    if (closed) return;
    changed.add(path);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const paths = [...changed];
      changed.clear();
      if (!closed) onChange(paths);
    }, debounceMs);
    timer.unref();
  };
  const arm = (path: string, rearmed: boolean): void => {
    if (closed) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(path, { persistent: false });
    } catch {
      // Not there (yet): an editor between writing and renaming, or a file deleted. Look again soon.
      later(REARM_MS, () => {
        arm(path, rearmed);
      });
      return;
    }
    watchers.set(path, watcher);
    // A file that came back is a change: what was renamed over it is the new content.
    if (rearmed) changedNow(path);
    let ended = false;
    const rearm = (): void => {
      if (ended) return;
      ended = true;
      watcher.close();
      if (watchers.get(path) === watcher) watchers.delete(path);
      later(REARM_MS, () => {
        arm(path, true);
      });
    };
    watcher.on('change', (event) => {
      if (event === 'rename') rearm();
      else changedNow(path);
    });
    watcher.on('error', rearm);
  };
  for (const path of new Set(paths)) arm(path, false);
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
