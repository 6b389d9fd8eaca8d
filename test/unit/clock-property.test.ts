/**
 * The session's test clock against every token it issued (docs/tokens.md): whatever sequence of clock moves a test
 * makes (freeze anywhere, advance, resume, back to real time) and whenever tokens are issued between them, each
 * token is accepted in the session exactly while `iat ≤ now + leeway` and `now < exp + leeway`, by the session's
 * clock (the leeway of 30 s on either side, as docs/tokens.md states it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEEWAY_SECONDS, TokenError } from '../../src/oauth/claims.ts';
import { buildMock } from '../../src/mock.ts';
import { NOW, SMALL_FIXTURES, SPECS } from '../support/harness.ts';

type Move =
  | { readonly kind: 'freeze'; readonly at: number }
  | { readonly kind: 'advance'; readonly ms: number }
  | { readonly kind: 'resume' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'issue'; readonly expiresIn: number };

const DAY = 86_400_000;

const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({
    kind: fc.constant('freeze' as const),
    at: fc.integer({ min: NOW - 3 * DAY, max: NOW + 3 * DAY }),
  }),
  fc.record({
    kind: fc.constant('advance' as const),
    ms: fc.oneof(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 2 * DAY })),
  }),
  fc.record({ kind: fc.constant('resume' as const) }),
  fc.record({ kind: fc.constant('reset' as const) }),
  fc.record({ kind: fc.constant('issue' as const), expiresIn: fc.integer({ min: 1, max: 7_200 }) }),
);

describe('session clock: token validity under any sequence of moves', () => {
  it('every issued token is valid exactly while iat ≤ now + leeway and now < exp + leeway', async () => {
    // The mock's real clock ticks one second per look, so a running session clock moves too.
    let real = NOW;
    const mock = buildMock({ specs: SPECS, fixtures: SMALL_FIXTURES, now: () => (real += 1_000) });
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 25 }), async (moves) => {
        const session = mock.session('property');
        await session.reset();
        const issued: { token: string; iat: number; exp: number }[] = [];
        for (const step of moves) {
          const { clock } = session;
          if (step.kind === 'freeze') await clock.set(new Date(step.at));
          else if (step.kind === 'advance') await clock.advance(step.ms);
          else if (step.kind === 'resume') await clock.resume();
          else if (step.kind === 'reset') await clock.real();
          else {
            const minted = await session.token({ user: 'user@example.com', expiresIn: step.expiresIn });
            issued.push({
              token: minted.accessToken,
              iat: Number(minted.claims.iat),
              exp: Number(minted.claims.exp),
            });
          }
          const now = Math.floor(Date.parse((await clock.get()).now) / 1000);
          for (const { token, iat, exp } of issued) {
            const expected = iat <= now + LEEWAY_SECONDS && now < exp + LEEWAY_SECONDS;
            expect(
              accepted(() => mock.tokens.verifyNow(token, now)),
              `iat ${iat} exp ${exp} now ${now}`,
            ).toBe(expected);
          }
        }
      }),
      { seed: 20_260_115, numRuns: 100 },
    );
  });
});

function accepted(verify: () => unknown): boolean {
  try {
    verify();
    return true;
  } catch (error) {
    if (error instanceof TokenError) return false;
    throw error;
  }
}
