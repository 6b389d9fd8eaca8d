/**
 * `identity-mock/msw`: the mock as Mock Service Worker handlers, in a browser page (`setupWorker`), Storybook,
 * Vitest browser mode or Node (`setupServer`), from the same engine, spec and rules as the server (docs/msw.md).
 *
 * @example
 * import { setupWorker } from 'msw/browser';
 * import { createHandlers } from 'identity-mock/msw';
 * const { handlers, mock } = createHandlers();
 * await setupWorker(...handlers).start();
 * const { accessToken } = await mock.session().token({ user: 'admin@example.com' });
 */
import {
  createHandlersFrom,
  type HandlerOptions,
  type MswHandlers,
} from '../adapters/msw/create-handlers.ts';
import { MSW_PARTS } from '../adapters/msw/source-parts.ts';

export type { HandlerOptions, MswHandlers, MswMock } from '../adapters/msw/create-handlers.ts';
export type { CompiledSpec } from '../adapters/msw/compiled-spec.ts';
export { OptionError, type MockOptions } from '../resolve-options.ts';
export * from '../client/surface.ts';

/** MSW request handlers answering every operation at `options.baseUrl`, and the mock's handle. */
export function createHandlers(options: HandlerOptions = {}): MswHandlers {
  return createHandlersFrom(MSW_PARTS, options);
}
