/** What a call throws, checked to be of the expected error type (so a test reads the error's fields, typed). */
import { expect } from 'vitest';
import { ApiError } from '../../src/http/errors.ts';

/** The error `fn` throws, which must be an instance of `type`; fails the test when `fn` returns. */
export function thrownBy<E extends Error>(fn: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected ${type.name} to be thrown, but nothing was thrown`);
}

/** The ApiError `fn` throws. */
export function apiErrorOf(fn: () => unknown): ApiError {
  return thrownBy(fn, ApiError);
}
