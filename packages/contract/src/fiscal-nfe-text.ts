import { z } from 'zod';
import { FISCAL_SETUP_TEXTS } from './fiscal-setup';

/**
 * A text of the NF-e (its TString: Latin-1 characters, no control characters), trimmed and its spaces collapsed,
 * between `min` and `max` characters.
 */
export const NFE_TEXT = /^[\x20-\x7E\u00A0-\u00FF]*$/;
export const nfeText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value.length >= min && value.length <= max, message)
    .refine((value) => NFE_TEXT.test(value), FISCAL_SETUP_TEXTS.textCharacters);
/** The same, optional: absent, null or blank is none. */
export const optionalNfeText = (max: number, message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((value) => (value == null ? null : value.trim().replace(/\s+/g, ' ') || null))
    .refine((value) => value === null || value.length <= max, message)
    .refine((value) => value === null || NFE_TEXT.test(value), FISCAL_SETUP_TEXTS.textCharacters);
