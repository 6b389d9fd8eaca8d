/**
 * First and last names of several faker locales, read once from their definitions. Mixing locales puts
 * accented and non-ASCII names (Zoë, Łukasz, Ibáñez) into seeded data, so accent-insensitive search and sort
 * (docs/users.md) meet them.
 */
import { de, en, es, fr, pl, pt_BR } from './faker.ts';
import type { LocaleDefinition } from './faker.ts';
import { asciiWords } from './identifier.ts';

/** Names of one locale, each with its ASCII words (`Zoë` → `zoe`) computed once for identifiers. */
export interface NamePool {
  readonly firstNames: readonly string[];
  readonly firstWords: readonly string[];
  readonly lastNames: readonly string[];
  readonly lastWords: readonly string[];
}

/** Locale → share of seeded users, in percent; tuned so that about 15% of names carry non-ASCII letters. */
export const LOCALE_WEIGHTS = { en: 50, de: 10, fr: 10, es: 10, pt_BR: 10, pl: 10 } as const;
export type PoolLocale = keyof typeof LOCALE_WEIGHTS;

let pools: Readonly<Record<PoolLocale, NamePool>> | undefined;

/** The name pool of each locale of LOCALE_WEIGHTS, read on first use (a start that seeds nothing reads none). */
export function namePools(): Readonly<Record<PoolLocale, NamePool>> {
  pools ??= Object.freeze({
    en: poolOf(en),
    de: poolOf(de),
    fr: poolOf(fr),
    es: poolOf(es),
    pt_BR: poolOf(pt_BR),
    pl: poolOf(pl),
  });
  return pools;
}

function poolOf(locale: LocaleDefinition): NamePool {
  const first = locale.person?.first_name;
  const last = locale.person?.last_name;
  const [firstNames, firstWords] = withWords([
    ...(first?.generic ?? []),
    ...(first?.female ?? []),
    ...(first?.male ?? []),
  ]);
  const [lastNames, lastWords] = withWords([
    ...(last?.generic ?? []),
    ...(last?.female ?? []),
    ...(last?.male ?? []),
  ]);
  if (firstNames.length === 0 || lastNames.length === 0) {
    throw new Error(`faker locale ${locale.metadata?.code ?? '?'} has no person names`);
  }
  return Object.freeze({ firstNames, firstWords, lastNames, lastWords });
}

/** Distinct names that keep at least one ASCII letter or digit, and their ASCII words. */
function withWords(names: readonly string[]): [readonly string[], readonly string[]] {
  const kept: string[] = [];
  const words: string[] = [];
  for (const name of new Set(names.map((raw) => raw.trim()))) {
    const ascii = asciiWords(name);
    if (ascii === '') continue;
    kept.push(name);
    words.push(ascii);
  }
  return [Object.freeze(kept), Object.freeze(words)];
}
