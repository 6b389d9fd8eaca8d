/** The operation tagged Health: `GET /health` (docs/running.md), 200 `{"status":"ok"}`, no token. */
import { json } from '../../answer.ts';
import type { Handler } from '../../context.ts';

export const getHealth: Handler = () => json(200, { status: 'ok' }, 'Service is healthy');
