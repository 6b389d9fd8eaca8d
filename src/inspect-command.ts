/**
 * `identity-mock inspect [--spec FILE] [--json]` (docs/own-spec.md "What the engine made of a document"): what the
 * engine makes of the document, without serving it. The document goes through the checks a start makes
 * (`checked-specs.ts`: each refusal exit 2); then the mock is built, not listening, for the records its collections
 * are seeded with. `src/cli.ts` owns the process; this module returns the text to print.
 */
import type { Config } from './config.ts';
import type { Dataset } from './data/dataset.ts';
import { loadFaker } from './data/faker.ts';
import { buildMock, seedsData } from './mock.ts';
import { sessionCount } from './operations/admin/resources.ts';
import { inspectJson, inspectText, type InspectInput } from './resources/inspect-report.ts';
import { checkedSpecs } from './adapters/node/checked-specs.ts';

/** What `inspect` prints for `config` (its `--spec`, seed, users and fixtures): the report, or its JSON. */
export async function inspect(
  config: Config,
  options: { readonly json: boolean; readonly dataset?: Dataset | undefined },
): Promise<string> {
  const specs = await checkedSpecs(config.spec);
  const mockOptions = {
    ...config,
    ...(options.dataset === undefined ? {} : { dataset: options.dataset }),
    specs,
    // Nothing is served: no request line is logged, and the notes are the report's.
    logLevel: 'silent' as const,
  };
  if (seedsData(mockOptions)) await loadFaker();
  const mock = buildMock(mockOptions, { host: 'cli' });
  const session = mock.sessions.default;
  const input: InspectInput = {
    name: specs.api.name,
    model: mock.services.resources.model,
    counts: (name) => sessionCount(session, name),
    access: (id) => {
      const op = mock.services.api.operations.find((o) => o.id === id);
      return { secured: op?.secured ?? false, permissions: op?.permissions ?? [] };
    },
  };
  return options.json ? `${JSON.stringify(inspectJson(input), null, 2)}\n` : inspectText(input);
}
