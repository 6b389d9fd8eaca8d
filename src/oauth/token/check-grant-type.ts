/** `grant_type`: one of the grants of `grants/` (else 400 `unsupported_grant_type`). */
import { unsupportedGrantType } from '../../errors.ts';
import { required } from '../fields.ts';
import { GRANTS, isGrantType } from '../grants/index.ts';
import type { TokenStep } from './request.ts';

export const checkGrantType: TokenStep = (draft) => {
  const grantType = required(draft.fields, 'grant_type');
  if (!isGrantType(grantType)) {
    throw unsupportedGrantType(
      `Unsupported grant type: ${grantType} (supported: ${Object.keys(GRANTS).join(', ')})`,
    );
  }
  draft.grantType = grantType;
};
