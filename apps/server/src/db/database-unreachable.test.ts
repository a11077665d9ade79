// The errors a request answers 503 for: the database's absence, never a
// statement's own fault, and never another service's absence.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable.ts';

/** An error as pg or Node builds it: a message and a code. */
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connect', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset socket', coded('read ECONNRESET', 'ECONNRESET')],
    ['a connect that timed out', coded('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT')],
    ['a connection ended under a statement', new Error('Connection terminated unexpectedly')],
    ['a connection ended while closing', new Error('Connection terminated')],
    [
      'a client whose connection broke earlier',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      "the pool's connect timeout",
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('timeout expired'),
      }),
    ],
    [
      'a full pool that gave no client in time',
      new Error('timeout exceeded when trying to connect'),
    ],
    [
      'an administrator shutdown',
      coded('terminating connection due to administrator command', '57P01'),
    ],
    ['a crash shutdown', coded('terminating connection because of crash', '57P02')],
    ['a server starting up', coded('the database system is starting up', '57P03')],
    ['a server shutting down', coded('the database system is shutting down', '57P03')],
    ['a connection exception', coded('connection failure', '08006')],
    ['a refused connection setup', coded('sqlclient unable to establish', '08001')],
    [
      'a connect to every address of a host name',
      new AggregateError([
        coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
        coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      ]),
    ],
  ])('counts %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', coded('syntax error at or near "SELEC"', '42601')],
    ['a statement cancelled by its timeout', coded('canceling statement due to timeout', '57014')],
    ['a serialization failure', coded('could not serialize access', '40001')],
    [
      'a pool already closed (the process is stopping)',
      new Error('Cannot use a pool after calling end on the pool'),
    ],
    [
      "a chain node's fetch failure that wraps a refused socket",
      new Error('HTTP request failed', {
        cause: coded('connect ECONNREFUSED 127.0.0.1:8545', 'ECONNREFUSED'),
      }),
    ],
    ['an error of the application', new Error('This action is not valid')],
    ['something thrown that is not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not count %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
