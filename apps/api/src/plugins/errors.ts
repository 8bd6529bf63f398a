import { CONCURRENT_DUPLICATE_TEXT, DATABASE_UNAVAILABLE_TEXT, defaultErrorCode } from '@backoffice/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';
import { isUniqueViolation } from '../lib/sql-errors';

export const GENERIC_ERROR = 'Ocorreu um erro. Tente novamente mais tarde.';

/**
 * One place turns failures into `{ errors: [...], code, details? }` with Portuguese messages.
 * Validation failures list each problem; unexpected failures are logged and hidden.
 */
export function registerErrorHandling(app: FastifyInstance, { spaFallback = false } = {}) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply
        .status(error.statusCode)
        .send({ errors: error.messages, code: error.code, ...(error.details ? { details: error.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = [...new Set(error.validation.map((issue) => issue.message))];
      return reply.status(400).send({ errors, code: 'VALIDATION_FAILED' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ errors: ['O corpo da requisição não é um JSON válido.'], code: 'INVALID_JSON' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ errors: ['A requisição é grande demais.'], code: 'PAYLOAD_TOO_LARGE' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ errors: ['Envie os dados como JSON.'], code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ errors: [error.message], code: 'TOO_MANY_REQUESTS' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ errors: ['Requisição inválida.'], code: defaultErrorCode(error.statusCode) });
    }
    // The database went away (restart, failover), had no free connection in time, or cut a runaway query.
    // PostgreSQL rolls a cut transaction back; a checkout sent again with its idempotency key is safe even
    // when the cut came after its commit.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' });
    }
    // Two requests wrote the same thing at once and a unique index refused the later one (its transaction rolled
    // back): the paths where this is expected answer in their own words (the order's note, a trade-in's IMEI);
    // any other is still the user's conflict, never a 500.
    if (isUniqueViolation(error)) {
      request.log.warn({ err: error }, 'unique violation');
      return reply.status(409).send({ errors: [CONCURRENT_DUPLICATE_TEXT], code: 'DUPLICATE' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ errors: [GENERIC_ERROR], code: 'INTERNAL' });
  });
  if (spaFallback) {
    // The web app's files are served by a catch-all route (`/*`), which also matches an unknown `/api/…`
    // path: answer it here as the unknown API path it is. Otherwise @fastify/static would judge it as a
    // file name and refuse a long one (over the file system's limits) with 403.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url === '/*' && request.url.startsWith('/api/')) return reply.callNotFound();
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The single-page app answers every other GET and HEAD (its router shows the right screen).
    if (spaFallback && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      errors: [`Rota não encontrada: ${request.method} ${request.url.split('?')[0]}`],
      code: 'ROUTE_NOT_FOUND',
    });
  });
}
