/**
 * The flags of a shared server (README "Limits"): `--admin-cors` takes one origin, `--shutdown-grace` a duration;
 * anything else is a ConfigError naming the flag and what it accepts.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.ts';

describe('--admin-cors and --shutdown-grace', () => {
  it('defaults: no admin origin, 15 s of grace', () => {
    const { config } = parseConfig([], {});
    expect(config.adminCors).toBeUndefined();
    expect(config.shutdownGrace).toBe(15);
  });

  it.each([
    { args: ['--admin-cors', 'http://localhost:3000'], adminCors: 'http://localhost:3000', grace: 15 },
    { args: ['--shutdown-grace', '30s'], adminCors: undefined, grace: 30 },
    { args: ['--shutdown-grace', '2m'], adminCors: undefined, grace: 120 },
    { args: ['--shutdown-grace', '0'], adminCors: undefined, grace: 0 },
  ])('$args', ({ args, adminCors, grace }) => {
    const { config } = parseConfig(args, {});
    expect(config.adminCors).toBe(adminCors);
    expect(config.shutdownGrace).toBe(grace);
  });

  it.each([
    { args: ['--admin-cors', 'http://localhost:3000/app'], says: '--admin-cors must be an origin' },
    { args: ['--admin-cors', 'localhost:3000'], says: '--admin-cors must be an origin' },
    { args: ['--shutdown-grace=-1s'], says: '--shutdown-grace must be a duration from 0 to 1h' },
    { args: ['--shutdown-grace', '2h'], says: '--shutdown-grace must be a duration from 0 to 1h' },
    { args: ['--shutdown-grace', 'soon'], says: '--shutdown-grace must be a duration from 0 to 1h' },
  ])('refuses $args', ({ args, says }) => {
    expect(() => parseConfig(args, {})).toThrow(ConfigError);
    expect(() => parseConfig(args, {})).toThrow(says);
  });
});
