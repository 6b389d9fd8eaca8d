/**
 * What the Node hosts (`server.ts`'s `startMock`, the drift proxy) do the same with their listeners: close one
 * gracefully, and name where it is reached.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The port `server` listens on. */
export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/**
 * Stops accepting, lets the requests in flight finish, closes idle keep-alive connections at once and every
 * connection after `graceMs`; resolves once the listener is closed.
 */
export function drain(server: Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      server.closeAllConnections();
    }, graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
