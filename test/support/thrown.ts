/** What a call throws, checked to be of the expected error type (so a test reads the error's fields, typed). */
import { expect } from 'vitest';
import { MockError } from '../../src/errors.ts';

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

/** The MockError `fn` throws. */
export function apiErrorOf(fn: () => unknown): MockError {
  return thrownBy(fn, MockError);
}

/** The MockError `promise` rejects with; fails the test when it resolves. */
export async function apiRejection(promise: Promise<unknown>): Promise<MockError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MockError);
    return error as MockError;
  }
  throw new Error('expected a MockError, but the promise resolved');
}
