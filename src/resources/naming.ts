/**
 * Names the engine makes from a document's paths: a collection's singular (`workspaces` → `workspace`, for the
 * 404 code `workspace_not_found` and the notice `Workspace created successfully`), and a title-cased form.
 */

const IRREGULAR: Readonly<Record<string, string>> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  data: 'data',
  media: 'media',
  indices: 'index',
  statuses: 'status',
  addresses: 'address',
  aliases: 'alias',
};

/**
 * The singular of a plural English noun, as a path segment would hold it; a word already singular (no final
 * `s`) is kept. Case and separators are kept: `api-keys` → `api-key`, `userGroups` → `userGroup`.
 *
 * @example
 * singular('policies'); // 'policy'
 * singular('workspaces'); // 'workspace'
 */
export function singular(plural: string): string {
  const lower = plural.toLowerCase();
  for (const [many, one] of Object.entries(IRREGULAR)) {
    if (lower.endsWith(many)) return plural.slice(0, plural.length - many.length) + one;
  }
  if (/[^aeiou]ies$/i.test(plural)) return `${plural.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/i.test(plural)) return plural.slice(0, -2);
  if (/(?:ss|us|is)$/i.test(plural) || !/s$/i.test(plural)) return plural;
  return plural.slice(0, -1);
}

/** `api-key` → `api_key`, `userGroup` → `user_group`: the snake_case of a name, for error codes. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** `api_key` → `Api key`: the form a notice starts with. */
export function titleCase(name: string): string {
  const words = snakeCase(name).replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
