import { defaultErrorCode, type ErrorCode } from '@backoffice/contract';

export interface AppErrorOptions {
  /** Stable machine-readable code (the contract's ERROR_CODES); defaults to the status's own. */
  code?: ErrorCode;
  /** Structured facts a client may use (e.g. which product lacks stock). */
  details?: Record<string, unknown>;
  /** Several messages at once (e.g. every bad IMEI); `message` is their first. */
  messages?: string[];
}

/**
 * An expected business failure: an HTTP status, a Portuguese message for the user and a stable code.
 * Services throw it; the error handler turns it into `{ errors: [message], code, details? }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly messages: string[];

  constructor(
    readonly statusCode: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = options.code ?? defaultErrorCode(statusCode);
    this.details = options.details;
    this.messages = options.messages ?? [message];
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', details?: Record<string, unknown>) =>
  new AppError(400, message, { code, details });
export const unauthorized = (
  message = 'Sessão inválida ou expirada. Faça login novamente.',
  code: ErrorCode = 'UNAUTHENTICATED',
) => new AppError(401, message, { code });
export const forbidden = (
  message = 'Você não tem permissão para realizar esta operação.',
  code: ErrorCode = 'FORBIDDEN',
) => new AppError(403, message, { code });
export const notFound = (message: string, details?: Record<string, unknown>) =>
  new AppError(404, message, { code: 'NOT_FOUND', details });
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError(409, message, { code, details });
export const tooManyRequests = (message: string) => new AppError(429, message, { code: 'TOO_MANY_REQUESTS' });
