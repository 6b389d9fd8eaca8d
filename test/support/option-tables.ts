/**
 * The option table (OPTIONS in src/config.ts) as the Markdown tables the README (Flags) and docs/options.md (which
 * host takes which option) show, so a test can check that the documents say what the table says.
 */
import { CONFIG_OPTIONS, HOSTS, OPTIONS, type Option } from '../../src/config.ts';
import { refusalOf } from '../../src/resolve-options.ts';

/** `--help`'s default of `option`, or '' when it shows none. */
function shown(option: Option<unknown>): string {
  if (option.shown !== undefined) return option.shown;
  if (option.value === undefined) return '';
  return typeof option.default === 'string' || typeof option.default === 'number'
    ? String(option.default)
    : '';
}

const cell = (text: string): string => text.replaceAll('|', '\\|');

/** Rows of a Markdown table, cells padded to their column's width (as prettier writes tables). */
function markdown(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(3, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]): string =>
    `| ${row.map((text, i) => text.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

/** The README's Flags table: one row per option of the command line, in `--help`'s order. */
export function flagsTable(): string {
  return markdown([
    ['flag', 'default', 'what'],
    ...CONFIG_OPTIONS.map(([, option]) => [
      `${option.short === undefined ? '' : `\`-${option.short}\`, `}\`--${option.flag}${option.value === undefined ? '' : ` ${option.value}`}\``,
      cell(shown(option)),
      cell(option.help),
    ]),
  ]);
}

/** docs/options.md's table: per option, whether each host takes it (✓) or refuses it (✗). */
export function hostsTable(): string {
  const hosts = HOSTS.filter((host) => host !== 'cli');
  return markdown([
    ['option', 'flag', ...hosts.map((host) => `\`${host}\``)],
    ...Object.entries(OPTIONS).map(([name, option]: [string, { readonly flag?: string | undefined }]) => [
      `\`${name}\``,
      option.flag === undefined ? 'program only' : `\`--${option.flag}\``,
      ...hosts.map((host) => (refusalOf(name, undefined, host) === undefined ? '✓' : '✗')),
    ]),
  ]);
}

/** The refusals docs/options.md lists: `host: option what-instead`. */
export function refusals(): string[] {
  return HOSTS.filter((host) => host !== 'cli' && host !== 'proxy').flatMap((host) =>
    Object.keys(OPTIONS).flatMap((name) => {
      const refusal = refusalOf(name, undefined, host);
      return refusal === undefined || refusal.includes('is not an option here') ? [] : [`- ${refusal}`];
    }),
  );
}
