/** The two answers of the control plane (docs/control-plane.md): JSON with `OK`/`Created`, and 204 with a sentence. */
import { empty, json, type Answer } from '../../answer.ts';

/** A JSON answer: 201 says `Created`, anything else `OK`. */
export function adminJson(status: number, value: unknown): Answer {
  return json(status, value, status === 201 ? 'Created' : 'OK');
}

/** A 204 whose `X-Message` says what was done. */
export function done(message: string): Answer {
  return empty(204, message);
}
