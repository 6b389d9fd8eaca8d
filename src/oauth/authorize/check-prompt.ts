/** `prompt` (OIDC Core §3.1.2.1): space-separated values of PROMPTS; `none` alone. */
import { AuthorizeFailure, PROMPTS, type AuthorizeCheck, type Prompt } from './request.ts';

const isPrompt = (value: string): value is Prompt => PROMPTS.some((p) => p === value);

export const checkPrompt: AuthorizeCheck = (draft) => {
  const prompts = (draft.params.prompt ?? '').split(' ').filter((value) => value !== '');
  const unknown = prompts.find((value) => !isPrompt(value));
  if (unknown !== undefined) {
    throw new AuthorizeFailure(
      'invalid_request',
      `prompt must be one of ${PROMPTS.join(', ')} (got ${unknown})`,
    );
  }
  if (prompts.includes('none') && prompts.length > 1) {
    throw new AuthorizeFailure(
      'invalid_request',
      'prompt=none may not be combined with another prompt value',
    );
  }
  draft.prompts = prompts.filter(isPrompt);
};
