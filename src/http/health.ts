/** GET /health (docs/running.md): 200 `{"status":"ok"}`, no token. */
import type { OperationHandler } from './dispatch.ts';

export const getHealth: OperationHandler = ({ res }) => {
  res.setHeader('X-Message', 'Service is healthy');
  res.json({ status: 'ok' });
};
