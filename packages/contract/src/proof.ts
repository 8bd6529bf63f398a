import { z } from 'zod';

/*
 * The E2E id of a Pix proof, as typed on an order and checked by the API. A module of its own: the order
 * schemas use it without the table of Pix participants (payments.ts), which the field screens do not need
 * (decision 0025). `payments.ts` re-exports it.
 */

/** An E2E id read: the payer's bank (ISPB) and when the payment was made (UTC, to the minute). */
export interface EndToEndParts {
  ispb: string;
  at: Date;
}

/**
 * Reads an E2E id: 'E', the payer bank's 8-digit ISPB, the time `yyyyMMddHHmm` (UTC) and 11 letters or
 * digits — 32 characters. Undefined when it is not one (a wrong length, a letter in the ISPB, 31 February).
 */
export function parseEndToEndId(id: string): EndToEndParts | undefined {
  const match = /^E(\d{8})(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})[A-Za-z0-9]{11}$/.exec(id);
  if (!match) return undefined;
  const [ispb, year, month, day, hour, minute] = match.slice(1).map(String) as [string, ...string[]];
  const parts = [year, month, day, hour, minute].map(Number) as [number, number, number, number, number];
  const at = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4]));
  const same =
    at.getUTCFullYear() === parts[0] &&
    at.getUTCMonth() === parts[1] - 1 &&
    at.getUTCDate() === parts[2] &&
    at.getUTCHours() === parts[3] &&
    at.getUTCMinutes() === parts[4];
  return same ? { ispb, at } : undefined;
}

export const PROOF_TEXTS = {
  endToEndInvalid:
    'ID da transação (E2E) inválido: são 32 caracteres: E, o ISPB do banco (8 dígitos), a data e hora (aaaammddhhmm) e 11 letras ou dígitos.',
  reused: (code: string) => `Este comprovante já foi usado no pedido ${code}.`,
  samePicture: (code: string) => `Comprovante igual ao do pedido ${code}.`,
  nearPicture: (code: string) =>
    `Comprovante parecido com o do pedido ${code} (redimensionado, recortado, girado ou espelhado): confira se não é o mesmo pagamento.`,
  beforeOrder: 'Atenção: o pagamento deste comprovante é anterior ao pedido.',
  endToEndLabel: 'ID da transação (E2E)',
} as const;

/**
 * An E2E id as it is kept and compared everywhere (a proof's, the webhook's, a match by hand): upper case.
 * Banks print and send the 11 last characters in either case, so 'kkk…' and 'KKK…' are one payment.
 */
export const normalizeEndToEndId = (id: string): string => id.toUpperCase();

/** The E2E id typed from a proof (optional): trimmed, upper-cased, checked by `parseEndToEndId`. */
export const proofEndToEndIdSchema = z
  .string({ error: PROOF_TEXTS.endToEndInvalid })
  .trim()
  .overwrite(normalizeEndToEndId)
  .refine((id) => parseEndToEndId(id) !== undefined, PROOF_TEXTS.endToEndInvalid);
