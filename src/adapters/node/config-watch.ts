/**
 * `--watch` over a `--config` file (docs/own-spec.md "Live reload"): the file is read again when it changes. A
 * changed `spec` is served at once (as a reload serves it); any other changed option needs a restart, and the log
 * names it; a file that no longer reads is logged and the running configuration kept.
 */
import type { Logger } from '../express/log.ts';
import type { Config } from '../../config.ts';
import type { ReloadReport } from '../../resources/reload-status.ts';
import { watchFiles, type FileWatch } from '../../platform/node/watch-files.ts';

export function watchConfigFile(
  file: string,
  read: () => Config,
  running: Config,
  switchSpec: (spec: string | undefined) => Promise<ReloadReport>,
  logger: Logger,
): FileWatch {
  let current = running;
  return watchFiles([file], () => {
    let next: Config;
    try {
      next = read();
    } catch (error) {
      logger.error(
        `--config ${file}: ${error instanceof Error ? error.message : String(error)}; the running configuration is kept`,
      );
      return;
    }
    const changed = (Object.keys(next) as (keyof Config)[]).filter(
      (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
    );
    const later = changed.filter((key) => key !== 'spec');
    if (later.length > 0) {
      logger.warn(
        `--config ${file}: ${later.join(', ')} changed; restart to apply (a reload applies spec only)`,
      );
    }
    if (changed.includes('spec')) {
      logger.info(`--config ${file}: spec is now ${next.spec ?? 'spec/openapi.yaml'}: serving it`);
      void switchSpec(next.spec);
    }
    current = next;
  });
}
