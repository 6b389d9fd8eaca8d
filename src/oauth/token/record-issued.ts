/**
 * What was issued, recorded where a revocation finds it: the access token joins its refresh family, and a code
 * remembers what its redemption issued (a replay of the code revokes it, RFC 6749 §4.1.2).
 */
import type { Claims } from '../claims.ts';
import type { IssuedAccess } from '../revocations.ts';
import { established, type TokenStep } from './request.ts';

export const recordIssued: TokenStep = (draft) => {
  const access = issuedAccess(established(draft.access, 'the access token').claims);
  if (access === undefined) return;
  const { family } = draft;
  family?.record(access);
  established(draft.outcome, 'the grant outcome').recordIssued?.({ access, family });
};

/** The `jti` and `exp` of an issued access token, when it carries both (a claim rule may remove them). */
function issuedAccess(claims: Claims): IssuedAccess | undefined {
  const { jti, exp } = claims;
  return typeof jti === 'string' && typeof exp === 'number' ? { jti, exp } : undefined;
}
