/**
 * `mock.reload()` and `--watch` on Node (docs/own-spec.md "Live reload"): the served document read from its file
 * again, parsed, checked against the OpenAPI meta-schema and by the resource engine, and only then served
 * (`ComposedMock.reload`); on any error the previous document keeps serving. One reload runs at a time: one asked
 * for meanwhile runs once it ends (however many were asked for), and answers them all.
 */
import { fileURLToPath } from 'node:url';
import { hostDocument, specsFor } from '../express/specs.ts';
import type { Logger } from '../express/log.ts';
import type { ComposedMock } from '../../compose.ts';
import { runInSlices } from '../../data/sliced-work.ts';
import { watchFiles, type FileWatch } from '../../platform/node/watch-files.ts';
import { recordCheck } from '../../resources/record-check.ts';
import type { ReloadReport } from '../../resources/reload-status.ts';
import type { SpecInput } from '../../resolve-options.ts';
import { looksLikeDocumentText } from '../../config.ts';

export interface DocumentReloader {
  reload(): Promise<ReloadReport>;
  /** Serves `spec` instead from now on (a `--config` file that names another): reloads, and watches it if watching. */
  switchTo(spec: SpecInput | undefined): Promise<ReloadReport>;
  /** Reloads whenever the document's file changes, until `close()`; a document given as text has none. */
  watch(): void;
  close(): void;
}

export function documentReloader(
  first: SpecInput | undefined,
  composed: ComposedMock,
  logger: Logger,
): DocumentReloader {
  let running: Promise<ReloadReport> | undefined;
  let next: Promise<ReloadReport> | undefined;
  let spec = first;
  let watching: FileWatch | undefined;
  const once = async (): Promise<ReloadReport> => {
    let report: ReloadReport;
    try {
      const { api } = specsFor(spec);
      await api.ready();
      report = await runInSlices(composed.reload(hostDocument(api), recordCheck(api.doc)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Every refusal names the document: the model's own messages say `spec:` instead.
      const name = fileOf(spec) ?? 'the spec option';
      report = {
        ok: false,
        error: message.includes(name) ? message : `${name}: ${message.replace(/^spec: /, '')}`,
      };
    }
    composed.services.reloads.record(report);
    logReport(logger, report);
    return report;
  };
  const reload = (): Promise<ReloadReport> => {
    if (running === undefined) {
      running = once().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running.then(() => {
      next = undefined;
      return reload();
    });
    return next;
  };
  const watch = (): void => {
    const file = fileOf(spec);
    if (file === undefined || watching !== undefined) return;
    watching = watchFiles([file], () => {
      logger.info(`${file} changed: reloading it`);
      void reload();
    });
  };
  const close = (): void => {
    watching?.close();
    watching = undefined;
  };
  return {
    reload,
    switchTo(to) {
      spec = to;
      if (watching !== undefined) {
        close();
        watch();
      }
      return reload();
    },
    watch,
    close,
  };
}

/** The file a document is read from, when it is one. */
function fileOf(spec: SpecInput | undefined): string | undefined {
  if (spec instanceof URL) return spec.protocol === 'file:' ? fileURLToPath(spec) : undefined;
  return typeof spec === 'string' && !looksLikeDocumentText(spec) ? spec : undefined;
}

function logReport(logger: Logger, report: ReloadReport): void {
  if (!report.ok) {
    logger.error(`reload refused, the previous document is still served: ${report.error}`);
    return;
  }
  const { added, changed, removed } = report.operations;
  const parts = [
    added.length > 0 ? `added ${added.join(', ')}` : '',
    changed.length > 0 ? `changed ${changed.join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.join(', ')}` : '',
    ...Object.entries(report.dropped).map(
      ([name, n]) => `dropped ${String(n)} ${name} record(s) the schema no longer accepts`,
    ),
  ].filter((part) => part !== '');
  logger.info(
    { operations: report.operations, dropped: report.dropped },
    `reloaded the document: ${parts.length === 0 ? 'no operation changed' : parts.join('; ')}`,
  );
}
