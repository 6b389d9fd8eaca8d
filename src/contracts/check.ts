/**
 * The spec ↔ contract check (`npm run contracts:check`, and part of `npm test`): every interaction of a pact must
 * be something spec/openapi.yaml allows — an operation that exists, parameters and bodies its schemas accept,
 * a documented status, and headers and body valid against that response. A pact the spec does not allow would
 * pass against the mock only by accident.
 */
import { readSpecDocument } from '../platform/node/document-file.ts';
import { RequestChecker } from '../spec/request-check.ts';
import { ResponseChecker } from '../spec/response-check.ts';
import type { Pact, PactInteraction } from '../protocol/pact-file.ts';

export interface ContractChecker {
  /** Problems of every interaction of `pact`, each prefixed with the interaction's description. */
  check(pact: Pact): string[];
}

export function createContractChecker(doc = readSpecDocument()): ContractChecker {
  const requests = new RequestChecker(doc);
  const responses = new ResponseChecker(doc);
  return {
    check(pact) {
      return pact.interactions.flatMap((interaction) =>
        checkInteraction(interaction, requests, responses).map(
          (problem) =>
            `${pact.consumer.name} → ${pact.provider.name}: "${interaction.description}": ${problem}`,
        ),
      );
    },
  };
}

function checkInteraction(
  interaction: PactInteraction,
  requests: RequestChecker,
  responses: ResponseChecker,
): string[] {
  const { request, response } = interaction;
  const headers = flatten(request.headers);
  const query = queryOf(request.query);
  const checked = requests.check(
    { method: request.method, path: request.path, query, headers, body: request.body },
    response.status,
  );
  // A request the spec's schemas refuse is still a fair contract when it expects the spec's 400 for it.
  const problems = checked.operation !== undefined && response.status === 400 ? [] : checked.problems;
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, values]) => values.map((v): [string, string] => [name, v])),
  ).toString();
  problems.push(
    ...responses.check(
      {
        method: request.method,
        path: `${request.path}${search === '' ? '' : `?${search}`}`,
        status: response.status,
        headers: flatten(response.headers),
        body: response.body,
      },
      { requireHeaders: false },
    ),
  );
  return problems;
}

function flatten(headers: PactInteraction['request']['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    out[name] = typeof value === 'string' ? value : value.join(', ');
  return out;
}

function queryOf(query: PactInteraction['request']['query']): Record<string, readonly string[]> {
  if (query === undefined) return {};
  if (typeof query !== 'string') return query;
  const out: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) (out[name] ??= []).push(value);
  return out;
}
