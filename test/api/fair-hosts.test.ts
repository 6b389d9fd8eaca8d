/**
 * Findings about hosts (docs/control-plane.md, docs/responses.md): with `--trust-proxy` the admin API's Host rule
 * holds for `Host` and `X-Forwarded-Host` both; a malformed `Host` on `/docs` is 400, not 500.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.ts';
import { expectError } from '../support/responses.ts';

describe('--trust-proxy and the admin Host rule (Host: evil.example read /__admin/requests)', () => {
  it('refuses Host: evil.example with X-Forwarded-Host: localhost, and the other way round', async () => {
    const h = harness({ trustProxy: true });
    for (const headers of [
      { Host: 'evil.example', 'X-Forwarded-Host': 'localhost' },
      { Host: 'localhost:8080', 'X-Forwarded-Host': 'evil.example' },
    ]) {
      const res = await h.get('/__admin/requests', { headers, unchecked: true });
      expect(expectError(res, 403, 'host_not_allowed').error).toContain('--allowed-host');
    }
    const both = await h.get('/__admin/requests', {
      headers: { Host: 'localhost:8080', 'X-Forwarded-Host': '127.0.0.1:8080' },
      unchecked: true,
    });
    expect(both.status).toBe(200);
  });
});

describe('GET /docs with a malformed Host (500 internal_error)', () => {
  it.each(['[x', '[::1', 'a]b', 'x:1:2'])('Host %s: 400 invalid_request naming the header', async (host) => {
    const h = harness();
    const res = await h.get('/docs', { headers: { Host: host } });
    expect(expectError(res, 400, 'invalid_request').error).toContain('Host');
  });
});
