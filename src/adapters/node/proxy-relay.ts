/** The drift proxy passing the service's answer on to its client as it came (`proxy-forward.ts`). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withoutHopByHop } from './proxy-messages.ts';
import { BodySample, CHECK_LIMIT } from './upstream.ts';

/**
 * Passes the service's answer on as it came, keeping its first CHECK_LIMIT bytes for the checks. Resolves with
 * them once the client has the whole answer; `cut` when the service's answer ended early (the client's is then
 * cut short too: never a complete-looking body that the service did not send); `gone` when the client left.
 */
export function relay(answer: IncomingMessage, res: ServerResponse): Promise<BodySample | 'cut' | 'gone'> {
  if (res.destroyed) {
    answer.destroy();
    return Promise.resolve('gone');
  }
  const sample = new BodySample(CHECK_LIMIT);
  res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.rawHeaders));
  return new Promise((resolve) => {
    answer.on('data', (chunk: Buffer) => {
      sample.push(chunk);
    });
    answer.pipe(res);
    answer.once('aborted', () => {
      res.destroy();
      resolve('cut');
    });
    answer.once('error', () => {
      res.destroy();
      resolve('cut');
    });
    res.once('close', () => {
      if (res.writableFinished) return;
      if (!answer.complete) answer.destroy();
      resolve('gone');
    });
    res.once('finish', () => {
      resolve(sample);
    });
  });
}
