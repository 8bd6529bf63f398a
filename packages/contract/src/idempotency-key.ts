import { z } from 'zod';
import { SELLING_TEXTS } from './selling';

/** Characters of an `Idempotency-Key` header. */
const MAX_IDEMPOTENCY_KEY = 255;

/**
 * The standard `Idempotency-Key` request header (IETF httpapi draft): a structured-field string, sent
 * quoted (`"8e03978e-40d5-43e8-bc93-6894a57f9324"`) or bare; 1 to 255 visible ASCII characters, a UUID
 * recommended. It wins over the body's `idempotencyKey`.
 */
export const idempotencyKeyHeaderSchema = z
  .string({ error: SELLING_TEXTS.idempotencyKeyInvalid })
  .transform((value) => {
    const text = value.trim();
    return text.length >= 2 && text.startsWith('"') && text.endsWith('"')
      ? text.slice(1, -1).replace(/\\(["\\])/g, '$1')
      : text;
  })
  .pipe(z.string().regex(new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY}}$`), SELLING_TEXTS.idempotencyKeyInvalid));

/** The headers of both checkouts (others pass through untouched). */
export const checkoutHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeyHeaderSchema
    .optional()
    .describe(
      'Chave de idempotência (IETF httpapi Idempotency-Key), com ou sem aspas; vence o campo idempotencyKey do corpo. A mesma chave devolve o mesmo pedido (replayed: true); sem chave, cada requisição é uma finalização.',
    ),
});
