/**
 * What counts as this machine (docs/control-plane.md): a loopback name or address. `/__admin` answers a `Host` that
 * names one, and the CLI warns when the control plane listens on any other address without a token.
 */

/** The host name of a `Host` value, without its port, lower case (`[::1]:8080` → `::1`). */
export function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    return end < 0 ? lower : lower.slice(1, end);
  }
  const colon = lower.indexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/** Whether `name` (a host name or address without port) is a loopback name or address: `localhost`, `*.localhost`, `::1`, `127.x.y.z`. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1') return true;
  const parts = name.split('.');
  return (
    parts.length === 4 &&
    parts[0] === '127' &&
    parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
  );
}
