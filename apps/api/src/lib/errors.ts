/**
 * An expected business failure: an HTTP status and a Portuguese message for the user.
 * Services throw it; the error handler turns it into `{ errors: [message] }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Sessão inválida ou expirada. Faça login novamente.') =>
  new AppError(401, message);
export const forbidden = (message = 'Você não tem permissão para realizar esta operação.') =>
  new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
