/**
 * The text of `identity-mock --help`, written from the option and flag tables of `config.ts`, so that a flag
 * cannot exist without its help line.
 */
import {
  BUILD_MSW_FLAGS,
  COMMON_FLAGS,
  DRIFT_FLAGS,
  CONFIG_OPTIONS,
  INSPECT_FLAGS,
  MCP_FLAGS,
  PROXY_FLAGS,
  TOKEN_FLAGS,
  VERIFY_FLAGS,
  type FlagSpec,
  type Option,
} from './config.ts';

function flagLine(flag: FlagSpec, shown?: string): string {
  const names = `${flag.short === undefined ? '    ' : `-${flag.short}, `}--${flag.flag}`;
  const left = `  ${names}${flag.value === undefined ? '' : ` ${flag.value}`}`;
  return `${left.padEnd(Math.max(32, left.length + 2))}${flag.help}${shown === undefined ? '' : ` [${shown}]`}`;
}

function shownDefault(option: Option<unknown>): string | undefined {
  if (option.shown !== undefined) return option.shown;
  const value = option.default;
  if (option.value === undefined) return undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The help text of the command line. */
export function usage(): string {
  const options = CONFIG_OPTIONS.map(([, option]) => option);
  return [
    'Usage:',
    '  identity-mock [serve] [flags]            serve the mock (the default command)',
    '  identity-mock token --user USER [flags]  print a user app token (docs/tokens.md)',
    '  identity-mock verify --pact PACT [flags] verify the mock against a consumer pact (file, dir or URL)',
    '  identity-mock proxy --upstream URL       stand in front of the real service and report drift (docs/drift.md)',
    '  identity-mock drift --upstream URL --token T   probe the real service for drift; exit 1 if it drifts',
    '  identity-mock mcp [--url URL]            an MCP server on stdio for agents, driving a running mock (docs/agents.md)',
    '  identity-mock inspect [--spec FILE]      print what the mock makes of a document, without serving (docs/own-spec.md)',
    '  identity-mock build-msw [--out DIR]      compile the --spec document ahead for createHandlers({ spec }) in a page with a strict CSP (docs/msw.md)',
    '',
    'Flags of serve (each also IDENTITY_MOCK_<FLAG>, e.g. IDENTITY_MOCK_USERS=1000; PORT works too):',
    ...options.map((option) => flagLine(option, shownDefault(option))),
    ...COMMON_FLAGS.map((flag) => flagLine(flag)),
    '',
    'Flags of token (without --url, the data and token flags above also apply: --seed, --fixtures, --port, ...):',
    ...TOKEN_FLAGS.map((flag) => flagLine(flag)),
    '',
    'Flags of verify (plus the data flags above: --seed, --users, --fixtures):',
    ...VERIFY_FLAGS.map((flag) => flagLine(flag)),
    '',
    'Flags of proxy (plus --port, --host, --admin-token above):',
    ...PROXY_FLAGS.map((flag) => flagLine(flag)),
    '',
    'Flags of drift:',
    ...DRIFT_FLAGS.map((flag) => flagLine(flag)),
    '',
    'Flags of mcp (plus --admin-token above):',
    ...MCP_FLAGS.map((flag) => flagLine(flag)),
    '',
    'Flags of inspect (plus --spec and the data flags above: --seed, --users, --fixtures):',
    ...INSPECT_FLAGS.map((flag) => flagLine(flag)),
    'Flags of build-msw (plus --spec above, required):',
    ...BUILD_MSW_FLAGS.map((flag) => flagLine(flag)),
    '',
    'Exit codes: 0 done; 2 the configuration is wrong (a flag, a value, a variable, a file); 1 it could not run',
    '(a port in use, an address that cannot be bound) or, for verify, an interaction failed, or, for drift, the',
    'service drifts from the spec. See docs/running.md and docs/drift.md.',
  ].join('\n');
}
