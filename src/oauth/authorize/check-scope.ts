/** `scope`: normalised (whitespace collapsed, repeats dropped) for the code, its tokens and its ID token. */
import { normalizeScope } from '../scope.ts';
import type { AuthorizeCheck } from './request.ts';

export const checkScope: AuthorizeCheck = (draft) => {
  draft.scope = normalizeScope(draft.params.scope);
};
