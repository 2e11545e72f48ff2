import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { describeError, isDatabaseUnavailable } from '../../../../server/lib/database-errors';
import { logger, setLogLevel } from '../../../../server/lib/logger';
import { expectErrorLogs, startLogRecording, stopLogRecording } from '../../../helpers/log-recorder';

/** A Postgres server error as node-postgres builds it. */
function serverError(code: string, message: string) {
  return Object.assign(new Error(message), { severity: 'ERROR', code });
}

describe('logger', () => {
  afterEach(() => setLogLevel('error'));

  it('writes one JSON line an entry with level, time and message, and redacts personal fields', () => {
    setLogLevel('info');
    const logs = expectErrorLogs();
    logger.info('booking stored', {
      requestId: 'r-1',
      email: 'jane@example.com',
      phoneNumber: '+1 617 555 0142',
      fullName: 'Jane Doe',
      purpose: 'a secret project',
      code: '123456',
      token: 'tok_abc',
      content: 'hello clone',
      transcript: 'hi there',
      authorization: 'Bearer xyz',
      cookie: 'sid=1',
    });
    expect(logs).toHaveLength(1);
    const [entry] = logs;
    expect(entry!.line.endsWith('\n')).toBe(true);
    expect(entry!.line.trim().split('\n')).toHaveLength(1);
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'booking stored',
      requestId: 'r-1',
      time: expect.any(String),
    });
    for (const value of [
      'jane@',
      'Jane Doe',
      '555',
      'secret project',
      '123456',
      'tok_abc',
      'hello clone',
      'hi there',
      'xyz',
      'sid=1',
    ])
      expect(entry!.line).not.toContain(value);
  });

  it('keeps to the level: info hidden at "error" (warnings shown), nothing at "silent"', () => {
    const logs = expectErrorLogs();
    setLogLevel('error');
    logger.info('hidden');
    logger.warn('shown');
    setLogLevel('silent');
    logger.error('hidden too');
    expect(logs.map((entry) => entry.msg)).toEqual(['shown']);
  });
});

describe('the test setup', () => {
  it('reports an error log nobody expected, and not one a test expects', () => {
    logger.error('unexpected');
    expect(stopLogRecording().map((entry) => entry.msg)).toEqual(['unexpected']);
    startLogRecording();
    expectErrorLogs();
    logger.error('expected');
    expect(stopLogRecording()).toEqual([]);
    startLogRecording(); // a clean record for the setup's own check after this test
  });
});

describe('database errors', () => {
  const queryError = (cause: Error) =>
    new DrizzleQueryError('insert into "contact_requests" ("full_name") values ($1)', ['Jane Doe'], cause);

  it('describes a failed query by its code, never its parameters or the server message', () => {
    const fields = describeError(queryError(serverError('22P02', 'invalid input syntax: "Jane Doe"')));
    expect(fields).toMatchObject({ error: 'database error', pgCode: '22P02' });
    expect(JSON.stringify(fields)).not.toContain('Jane');
  });

  it('tells an outage from a bug', () => {
    for (const outage of [
      queryError(serverError('57P01', 'terminating connection due to administrator command')),
      queryError(new Error('Client has encountered a connection error and is not queryable')),
      queryError(new Error('PGlite is closed')),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('timeout exceeded when trying to connect'),
      serverError('08006', 'connection failure'),
      // A deadlock victim or a serialization failure succeeds when tried again.
      queryError(serverError('40P01', 'deadlock detected')),
      queryError(serverError('40001', 'could not serialize access')),
    ])
      expect(isDatabaseUnavailable(outage)).toBe(true);
    for (const bug of [
      queryError(serverError('23502', 'null value in column')),
      queryError(serverError('P0001', 'raised')),
      new TypeError('x is undefined'),
    ])
      expect(isDatabaseUnavailable(bug)).toBe(false);
  });
});
