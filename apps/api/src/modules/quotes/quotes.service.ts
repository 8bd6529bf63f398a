import {
  businessDay,
  type CheckoutResponse,
  type Paged,
  type Quote,
  type QuoteConvertBody,
  type QuoteCreateBody,
  type QuoteListQuery,
  type QuoteRow,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { createSellingService } from '../selling/selling.service';
import { cancelQuote } from './cancel-quote';
import { convertQuote } from './convert-quote';
import { createQuote } from './create-quote';
import { quotesPage, readQuote } from './quote-reads';

/**
 * Quotes (issue 38 §4, decision 0043): the sale's cart saved with its prices and discounts frozen for the
 * shop's validity; converted through the selling checkout (`checkoutFrozen`) at those figures. Its use cases each
 * in a file of its own: `create-quote.ts`, `cancel-quote.ts`, `convert-quote.ts`, the reads in `quote-reads.ts`.
 */
export function createQuotesService(db: DB, storage: Storage) {
  const selling = createSellingService(db, storage);

  return {
    /** POST /quotes: the cart or the lines given priced and frozen; the same Idempotency-Key answers it again. */
    async create(principal: Principal, body: QuoteCreateBody, headerKey?: string, now = new Date()): Promise<Quote> {
      const id = await createQuote(db, principal, body, headerKey, now);
      return readQuote(db, id, businessDay(now));
    },

    get: (id: number, now = new Date()) => readQuote(db, id, businessDay(now)),

    page: (query: QuoteListQuery, now = new Date()): Promise<Paged<QuoteRow>> => quotesPage(db, query, now),

    /** POST /quotes/{id}/cancel: an open quote cancelled with its reason (`cancel-quote.ts`). */
    async cancel(
      principal: Principal,
      id: number,
      reason: string,
      headerKey: string | undefined,
      now = new Date(),
    ): Promise<Quote> {
      await cancelQuote(db, principal, id, reason, headerKey, now);
      return readQuote(db, id, businessDay(now));
    },

    /** POST /quotes/{id}/convert: the quote's order through the selling checkout at its frozen figures. */
    convert: (
      principal: Principal,
      id: number,
      body: QuoteConvertBody,
      headerKey: string | undefined,
      now = new Date(),
    ): Promise<CheckoutResponse> => convertQuote(db, selling, principal, id, body, headerKey, now),
  };
}
