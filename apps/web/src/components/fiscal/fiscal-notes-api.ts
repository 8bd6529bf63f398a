import type { FiscalNote, FiscalNotePage, FiscalNoteStatus } from '@backoffice/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { createQueryKeys } from '../../lib/query-keys';
import { useApiMutation } from '../use-api-mutation';
import { FISCAL_TEXTS as T } from './texts';

/**
 * The notes of issue 41 §2 as every screen reads and writes them: 'Notas fiscais' and the order's details (which
 * may not import that feature). Every query of the notes lives under ['fiscal-notes'].
 */
export const fiscalNoteKeys = createQueryKeys('fiscal-notes');

/** A note of a page (the list leaves its events out). */
export type FiscalNoteRow = FiscalNotePage['items'][number];

/** The statuses 'Enviar de novo' takes: not answered, in processing, in contingency, rejected. */
export const RETRIABLE: ReadonlySet<FiscalNoteStatus> = new Set([
  'SIGNED',
  'PROCESSING',
  'CONTINGENCY',
  'REJECTED',
  // An NFC-e the SEFAZ never answered: sent again, its fate is asked (decision 0082).
  'UNKNOWN',
]);
/** The statuses whose DANFE is printed: authorised, the NFC-e in offline contingency (it goes with the goods), cancelled. */
export const WITH_DANFE: ReadonlySet<FiscalNoteStatus> = new Set(['AUTHORIZED', 'CONTINGENCY', 'CANCELLED']);

/** The order's notes, newest first (GET /fiscal/notes?orderId=…): its details show them. */
export function orderNotesQuery(orderId: number) {
  return queryOptions({
    queryKey: fiscalNoteKeys.other('order', orderId),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: FiscalNotePage }>('/fiscal/notes', {
          query: { orderId, page: 0, pageSize: 20 },
          signal,
        })
      ).data.items,
  });
}

/** GET /fiscal/notes/{id}: the note with its events. */
export function fiscalNoteQuery(id: number) {
  return queryOptions({
    queryKey: fiscalNoteKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: FiscalNote }>(`/fiscal/notes/${id}`, { signal })).data,
  });
}

/**
 * What no longer covers the order: a cancelled note, one whose number was voided, and an unanswered NFC-e (its sale
 * covered by the contingency NFC-e issued with the next number; issue 56 §2).
 */
const GONE: ReadonlySet<FiscalNoteStatus> = new Set(['CANCELLED', 'VOIDED', 'UNKNOWN']);

/** The note the order has now (the newest that still covers it): while it lives, no other is emitted. */
export function liveNoteOf(notes: readonly FiscalNoteRow[]): FiscalNoteRow | undefined {
  return notes.find((note) => !GONE.has(note.status));
}

/** 'DANFE': the note's PDF (A4 for the NF-e, 80 mm for the NFC-e), fetched with the token and saved. */
export function downloadDanfe(note: Pick<FiscalNote, 'id' | 'model' | 'number'>) {
  return downloadFile(`/fiscal/notes/${note.id}/danfe.pdf`, { fileName: T.danfeFile(note.model, note.number) });
}

/** 'XML': the nfeProc once authorised, else the signed note. */
export function downloadXml(note: Pick<FiscalNote, 'id' | 'accessKey'>) {
  return downloadFile(`/fiscal/notes/${note.id}/xml`, { fileName: T.xmlFile(note.accessKey) });
}

/** A note the server answered: its details in the cache, every list and the order's notes asked again. */
const setNote = (client: QueryClient, note: FiscalNote) => client.setQueryData(fiscalNoteKeys.detail(note.id), note);
const AFTER_WRITE = [fiscalNoteKeys.lists(), fiscalNoteKeys.other('order')];

/**
 * POST /fiscal/notes {orderId, model}: the order's note, built, signed and sent; the answer is the note as the SEFAZ
 * left it (authorised, rejected, waiting). A refusal (409, 400) is said inside the dialog, which stays open.
 */
export function useEmitNote(onError: (message: string) => void, onSuccess: (note: FiscalNote) => void) {
  return useApiMutation<FiscalNote, { orderId: number; model: 55 | 65 }>({
    mutationFn: async (body) => (await api<{ data: FiscalNote }>('/fiscal/notes', { method: 'POST', body })).data,
    failure: T.emitFailed,
    update: setNote,
    invalidate: AFTER_WRITE,
    errorInDialog: true,
    onError: (_error, message) => onError(message),
    onSuccess,
  });
}

/** POST /fiscal/notes/{id}/retry: sent again (or its lot asked for, or rebuilt with its number). */
export function useRetryNote(onError: (message: string) => void, onSuccess?: (note: FiscalNote) => void) {
  return useApiMutation<FiscalNote, number>({
    mutationFn: async (id) => (await api<{ data: FiscalNote }>(`/fiscal/notes/${id}/retry`, { method: 'POST' })).data,
    failure: T.retryFailed,
    update: setNote,
    invalidate: AFTER_WRITE,
    errorInDialog: true,
    onError: (_error, message) => onError(message),
    onSuccess,
  });
}
