/** The bench's wrk driver: the Lua script it writes and the figures it reads back. */
import { describe, expect, it } from 'vitest';
import { parseWrk, wrkScript } from '../../bench/wrk.ts';

const OUTPUT = `Running 4s test @ http://127.0.0.1:40000
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     5.13ms    4.10ms  94.40ms   95.20%
    Req/Sec     6.26k     0.83k    7.54k    77.50%
  Latency Distribution
     50%  950.00us
     75%    5.20ms
     90%    6.01ms
     99%    1.20s
  19612 requests in 4.00s, 143.64MB read
  Non-2xx or 3xx responses: 12
  Socket errors: connect 0, read 1, write 0, timeout 3
Requests/sec:   4912.47
Transfer/sec:     35.91MB
`;

describe('parseWrk', () => {
  it('reads rate, p50 and p99 in ms (us, ms and s units), non-2xx answers and socket errors', () => {
    expect(parseWrk(OUTPUT)).toEqual({ rps: 4912.47, p50: 0.95, p99: 1200, non2xx: 12, errors: 4 });
  });

  it('counts no errors when wrk prints none', () => {
    const clean = OUTPUT.replace(/ {2}Non-2xx.*\n/, '').replace(/ {2}Socket errors.*\n/, '');
    expect(parseWrk(clean)).toMatchObject({ non2xx: 0, errors: 0 });
  });

  it('refuses output without the figures (a failed run)', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /unreadable wrk output/,
    );
  });
});

describe('wrkScript', () => {
  it('sends every path in turn with the method, headers and body', () => {
    const script = wrkScript({
      method: 'POST',
      paths: ['/oauth/token', '/users?page=2'],
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"a":"b"}',
    });
    expect(script).toContain('wrk.method = "POST"');
    expect(script).toContain('wrk.body = "{\\"a\\":\\"b\\"}"');
    expect(script).toContain('wrk.headers["authorization"] = "Bearer t"');
    expect(script).toContain('local paths = { "/oauth/token", "/users?page=2" }');
    expect(script).toContain('turn = turn % #paths + 1');
  });

  it('refuses text a Lua string literal would not carry as is', () => {
    expect(() => wrkScript({ method: 'GET', paths: ['/users?search=é'], headers: {} })).toThrow(
      /printable ASCII/,
    );
  });
});
