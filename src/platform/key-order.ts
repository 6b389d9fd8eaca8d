/**
 * The order of a key set's keys, shared by the Node and the WebCrypto key sets: the signing key first, then the
 * other published keys in the order they joined. Pure: each function answers the new order.
 */
interface Keyed {
  readonly kid: string;
}

/**
 * `keys` with `key` added: first (the signing key) when `activate`, else last. A key published already keeps when it
 * first joined (and becomes the signing key again when activated); `added` is the one the set holds.
 */
export function withKey<K extends Keyed>(
  keys: readonly K[],
  key: K,
  activate: boolean,
): { keys: K[]; added: K } {
  const known = keys.find((k) => k.kid === key.kid);
  const added = known ?? key;
  if (activate) return { keys: [added, ...keys.filter((k) => k.kid !== key.kid)], added };
  return { keys: known === undefined ? [...keys, added] : [...keys], added };
}

/** `keys` with key `kid` first (signing); undefined when the set has no such key. */
export function withActive<K extends Keyed>(keys: readonly K[], kid: string): K[] | undefined {
  const key = keys.find((k) => k.kid === kid);
  return key === undefined ? undefined : [key, ...keys.filter((k) => k.kid !== kid)];
}

/** `keys` without key `kid`, or why it cannot go: the set has no such key, or it is the last one. */
export function withoutKey<K extends Keyed>(keys: readonly K[], kid: string): K[] | 'unknown' | 'last' {
  if (!keys.some((k) => k.kid === kid)) return 'unknown';
  if (keys.length === 1) return 'last';
  return keys.filter((k) => k.kid !== kid);
}
