/**
 * The steps of a token request, in order (docs/tokens.md, docs/login.md): the grant type, the client, the
 * requested audience, the grant itself, the audience and scope of its tokens, the claim rules, then the access
 * token, the ID token, the refresh token, and where they are recorded. Each is a small step of its own file, as the
 * authorization request's are (`../authorize/`).
 */
import { authenticate } from './authenticate.ts';
import { checkRequestedAudience, settleAudience } from './check-audience.ts';
import { checkGrantType } from './check-grant-type.ts';
import { issueRefreshToken } from './issue-refresh-token.ts';
import { matchClaimRules } from './match-claim-rules.ts';
import { recordIssued } from './record-issued.ts';
import type { TokenStep } from './request.ts';
import { runGrant } from './run-grant.ts';
import { settleScope } from './settle-scope.ts';
import { signAccessToken } from './sign-access-token.ts';
import { signIdToken } from './sign-id-token.ts';

export const TOKEN_STEPS: readonly TokenStep[] = [
  checkGrantType,
  authenticate,
  checkRequestedAudience,
  runGrant,
  settleAudience,
  settleScope,
  matchClaimRules,
  signAccessToken,
  signIdToken,
  issueRefreshToken,
  recordIssued,
];
