/**
 * Rotating refresh tokens, as Auth0 issues them to single-page apps (docs/login.md): each use returns a new token of
 * the same family; a token presented a second time means it leaked, so its whole family is revoked. At most
 * MAX_TOKENS are kept (the oldest go first): a cache bounded by count.
 */
import { randomBytes } from 'node:crypto';
import { OAuthError } from '../http/errors.ts';

const MAX_TOKENS = 10_000;

/** What a refresh token stands for. */
export interface RotatingGrant {
  readonly userId: string;
  readonly clientId: string;
  readonly audience: string;
  readonly scope: string | undefined;
  /** `auth_time` and `sid` of the login the family started with, for the ID tokens of later refreshes. */
  readonly authTime: number;
  readonly sid: string | undefined;
}

interface StoredToken {
  readonly grant: RotatingGrant;
  readonly family: string;
  used: boolean;
}

export class RefreshRotation {
  readonly #tokens = new Map<string, StoredToken>();

  /** Starts a family: the first refresh token of a login. */
  start(grant: RotatingGrant): string {
    return this.#add(grant, randomBytes(16).toString('base64url'));
  }

  /** Whether `token` is one of this store's (used, revoked or not). */
  has(token: string): boolean {
    return this.#tokens.has(token);
  }

  /**
   * Uses `token` up and returns its grant with the next token of the family; a token used before revokes the family
   * and answers 403 `invalid_grant`.
   */
  rotate(token: string): { readonly grant: RotatingGrant; readonly next: string } {
    const stored = this.#tokens.get(token);
    if (stored === undefined) throw new OAuthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    if (stored.used) {
      this.#revoke(stored.family);
      throw new OAuthError(
        403,
        'invalid_grant',
        'Unknown or invalid refresh token: it was used before, so every token of its family is revoked.',
      );
    }
    stored.used = true;
    return { grant: stored.grant, next: this.#add(stored.grant, stored.family) };
  }

  clear(): void {
    this.#tokens.clear();
  }

  #add(grant: RotatingGrant, family: string): string {
    while (this.#tokens.size >= MAX_TOKENS) {
      const oldest = this.#tokens.keys().next();
      if (oldest.done === true) break;
      this.#tokens.delete(oldest.value);
    }
    const token = randomBytes(32).toString('base64url');
    this.#tokens.set(token, { grant, family, used: false });
    return token;
  }

  #revoke(family: string): void {
    for (const [token, stored] of this.#tokens) if (stored.family === family) this.#tokens.delete(token);
  }
}
