/** How one response mode carries `params` to the client's `url`; `message` is the answer's `X-Message`. */
import type { Answer } from '../../answer.ts';

export type ResponseModeAnswer = (
  url: URL,
  params: Readonly<Record<string, string>>,
  message: string,
) => Answer;
