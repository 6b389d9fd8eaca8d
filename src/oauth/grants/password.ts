/** `grant_type=password` (the interface's grant; docs/tokens.md): the shared password check, lock-out included. */
import { checkPassword } from '../check-password.ts';
import { required } from '../fields.ts';
import type { Grant } from './grant.ts';

export const passwordGrant: Grant = ({ fields, store, passwords, oauth, address, now }) => {
  const username = required(fields, 'username');
  const password = required(fields, 'password');
  const user = checkPassword({
    username,
    password,
    store,
    passwords,
    lockouts: oauth.lockouts,
    address,
    now,
  });
  return { user, gty: 'password' };
};
