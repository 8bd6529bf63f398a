import { CONCURRENT_DUPLICATE_TEXT, DATABASE_UNAVAILABLE_TEXT } from '@backoffice/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { registerErrorHandling } from '../plugins/errors';
import { isDatabaseUnavailable } from './unavailable';

/** A failure as `pg` reports it: a server error with its SQLSTATE, or a socket error. */
const withCode = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

const away = {
  'connection refused (server down)': withCode('connect ECONNREFUSED 10.0.0.5:5432', {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  }),
  'connection reset': withCode('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }),
  'admin_shutdown (restart, failover)': withCode('terminating connection due to administrator command', {
    code: '57P01',
  }),
  'cannot_connect_now (starting up)': withCode('the database system is starting up', { code: '57P03' }),
  'cannot_connect_now (not accepting connections)': withCode('the database system is not accepting connections', {
    code: '57P03',
  }),
  'object_not_in_prerequisite_state: connections switched off': withCode(
    'database "backoffice" is not currently accepting connections',
    { code: '55000' },
  ),
  'connection_failure (class 08)': withCode('connection failure', { code: '08006' }),
  'query_canceled (statement_timeout)': withCode('canceling statement due to statement timeout', {
    code: '57014',
  }),
  too_many_connections: withCode('sorry, too many clients already', { code: '53300' }),
  'pg: connection terminated': new Error('Connection terminated unexpectedly'),
  'pg-pool: no connection in time': new Error('timeout exceeded when trying to connect'),
  'pg: a dead client': new Error('Client has encountered a connection error and is not queryable'),
  'the embedded worker ended': new Error('PGlite worker ended unexpectedly (exit code 1)'),
  'the embedded worker socket is gone': withCode('connect ENOENT /tmp/x/.s.PGSQL.5432', {
    code: 'ENOENT',
    syscall: 'connect',
  }),
  'every address refused (AggregateError)': new AggregateError(
    [withCode('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })],
    'connect failed',
  ),
  'wrapped in a cause': new Error('migration failed', {
    cause: withCode('terminating connection', { code: '57P01' }),
  }),
};

const notAway = {
  unique_violation: withCode('duplicate key value violates unique constraint', { code: '23505' }),
  'object_not_in_prerequisite_state: a sequence asked too early': withCode(
    'currval of sequence "orders_id_seq" is not yet defined in this session',
    { code: '55000' },
  ),
  serialization_failure: withCode('could not serialize access', { code: '40001' }),
  syntax_error: withCode('syntax error at or near', { code: '42601' }),
  'a missing file': withCode("ENOENT: no such file or directory, open 'x.png'", { code: 'ENOENT', syscall: 'open' }),
  'a business error': new AppError(409, 'Estoque insuficiente.'),
  'a bug': new TypeError("Cannot read properties of undefined (reading 'id')"),
};

describe('which failures mean the database is away', () => {
  it.each(Object.entries(away))('%s: away', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
  it.each(Object.entries(notAway))('%s: not away', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('the error handler answers 503 DATABASE_UNAVAILABLE in the usual envelope, and still 500 for a bug', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/away', async () => {
      throw away['admin_shutdown (restart, failover)'];
    });
    app.get('/bug', async () => {
      throw notAway['a bug'];
    });
    const res = await app.inject({ method: 'GET', url: '/away' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      errors: ['Banco de dados indisponível no momento. Tente novamente em instantes.'],
      code: 'DATABASE_UNAVAILABLE',
    });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json().code).toBe('INTERNAL');
    await app.close();
  });

  it("answers a database whose connections are switched off (55000) 503, and a unique index's refusal 409", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/switched-off', async () => {
      throw away['object_not_in_prerequisite_state: connections switched off'];
    });
    app.get('/duplicate', async () => {
      throw notAway.unique_violation;
    });
    const off = await app.inject({ method: 'GET', url: '/switched-off' });
    expect({ status: off.statusCode, body: off.json() }).toEqual({
      status: 503,
      body: { errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' },
    });
    const duplicate = await app.inject({ method: 'GET', url: '/duplicate' });
    expect({ status: duplicate.statusCode, body: duplicate.json() }).toEqual({
      status: 409,
      body: { errors: [CONCURRENT_DUPLICATE_TEXT], code: 'DUPLICATE' },
    });
    await app.close();
  });
});
