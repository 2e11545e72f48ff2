import { randomBytes } from 'node:crypto';

/**
 * An address no earlier test used, so each test starts as a new visitor (accounts, codes and
 * limits are kept per address, also across the tests of a file that share one server).
 */
export const uniqueEmail = (name = 'visitor') => `${name}-${randomBytes(4).toString('hex')}@example.com`;
