// The README's Flags table, docs/options.md and `--help` say what the one option table (OPTIONS) says; the README's
// MSW size is the build's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_OPTIONS } from '../../src/config.ts';
import { usage } from '../../src/help.ts';
import { flagsTable, hostsTable, refusals } from '../support/option-tables.ts';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The Markdown table that starts at the line `head` of `text`. */
function tableAt(text: string, head: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(head));
  expect(start, `a table starting "${head}"`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines.slice(start, end).join('\n');
}

describe('the option table in the documents', () => {
  it("the README's Flags table is the table's, row for row (no row twice)", () => {
    expect(tableAt(read('README.md'), '| flag ')).toBe(flagsTable());
  });

  it('docs/options.md lists every host of every option, and every refusal', () => {
    const text = read('docs/options.md');
    expect(tableAt(text, '| option ')).toBe(hostsTable());
    for (const refusal of refusals()) expect(text).toContain(refusal);
  });

  it('--help has one line per option, with its flag, value, help and default', () => {
    const help = usage().split('\n');
    for (const [, option] of CONFIG_OPTIONS) {
      const lines = help.filter((line) =>
        line.includes(`--${option.flag}${option.value === undefined ? '' : ` ${option.value}`} `),
      );
      expect(lines, option.flag).toHaveLength(1);
      expect(lines[0]).toContain(option.help);
      // a flag and its help never run together (`--access-token-format FORMATjwt`)
      expect(lines[0]).toMatch(new RegExp(`--${option.flag}(?: \\S+)?\\s{2,}\\S`));
    }
  });
});

describe('the README and the build', () => {
  const size = new URL('../../dist/msw/size.json', import.meta.url);
  // dist/ is built by npm test before the test files run (as for the command's tests).
  it("gives the MSW bundle's size as the build measured it (dist/msw/size.json), within 5%", () => {
    const built = JSON.parse(readFileSync(size, 'utf8')) as { bytes: number; gzip: number };
    const said = /([\d.]+) KB minified, ([\d.]+) KB gzipped/.exec(read('README.md'));
    expect(said, 'the README says "N KB minified, M KB gzipped"').not.toBeNull();
    expect(Math.abs(Number(said?.[1]) * 1024 - built.bytes) / built.bytes).toBeLessThan(0.05);
    expect(Math.abs(Number(said?.[2]) * 1024 - built.gzip) / built.gzip).toBeLessThan(0.05);
  });
});
