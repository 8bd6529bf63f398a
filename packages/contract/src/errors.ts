import { z } from 'zod';

import { ERROR_CODES, type ErrorCode } from './error-codes';

export { ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes';

/** The message of DATABASE_UNAVAILABLE: nothing was changed, the same request may be sent again. */
export const DATABASE_UNAVAILABLE_TEXT = 'Banco de dados indisponível no momento. Tente novamente em instantes.';
/**
 * The message of a DUPLICATE met only by the database's unique index (two requests writing the same thing at the
 * same moment) on a path that has no words of its own for it: nothing was changed by the request refused.
 */
export const CONCURRENT_DUPLICATE_TEXT =
  'Outra pessoa acabou de gravar o mesmo registro: nada foi alterado por este pedido. Atualize a página e confira.';
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** The body of every non-2xx API answer. */
export const apiErrorSchema = z.object({
  errors: z.array(z.string()),
  code: errorCodeSchema,
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The default code of an HTTP status, for failures that carry no more specific one. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_STARTING';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
