/*
 * The API's error envelope `{ errors: [...], code, details? }` read without a schema, and the text of a call
 * that got no answer: shared by `api-client.ts` and the sign-in page, which loads before the app (and zod).
 */

/**
 * What every screen says when a call got no answer (no network, the server unreachable): the open dialog,
 * its fields, pictures and signature stay, and the same action can be tried again (decision 0004).
 */
export const CONNECTION_LOST_TEXT = 'Sem conexão com o servidor. Tente novamente.';

/** The messages of an error answer's body (`errors`, strings only); none when it is not the API's envelope. */
export function envelopeErrors(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
}
