import {
  FISCAL_NOTE_TEXTS,
  type FiscalEmissionRequest,
  type FiscalNote,
  type FiscalNoteGapPage,
  type FiscalNotePage,
  type FiscalNoteStatus,
  type FiscalVoiding,
  type FiscalVoidingBody,
} from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { type FiscalNoteRow, fiscalNoteKeys, fiscalNoteQuery } from '../../../components/fiscal/fiscal-notes-api';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { fetchPage, readAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

/** What the list asks the server ('' = no filter): situation, model, emission days (YYYY-MM-DD), the search. */
export interface FiscalNotesFilter {
  status: FiscalNoteStatus | '';
  model: 55 | 65 | '';
  from: string;
  to: string;
  search: string;
}

/** The filter as query values (empty ones left out). */
export function queryOf(filter: FiscalNotesFilter) {
  return {
    status: filter.status || undefined,
    model: filter.model || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    search: filter.search.trim() || undefined,
  };
}

const fetchNotePage = (filter: FiscalNotesFilter, page: number, pageSize: number, signal?: AbortSignal) =>
  fetchPage<FiscalNotePage>('/fiscal/notes', queryOf(filter), page, pageSize, signal);

/** GET /fiscal/notes: one page of the notes that match, newest first. */
export function useFiscalNotes(filter: FiscalNotesFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: fiscalNoteKeys.list({ ...filter, page, pageSize }),
    queryFn: ({ signal }) => fetchNotePage(filter, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every note that matches ('Imprimir'). */
export function fetchAllNotes(filter: FiscalNotesFilter): Promise<FiscalNoteRow[]> {
  return readAllPages((page, size) => fetchNotePage(filter, page, size));
}

/** 'Exportar CSV': notas-fiscais.csv of every note that matches (the list's filters), written by the server. */
export function downloadNotesCsv(filter: FiscalNotesFilter): Promise<void> {
  return downloadFile('/fiscal/notes/export.csv', { query: queryOf(filter), fileName: T.csvFile });
}

/** 'XMLs do mês': the month's (YYYY-MM) authorised and cancelled notes and their events, zipped by the server. */
export function downloadMonthXmls(month: string): Promise<void> {
  return downloadFile('/fiscal/notes/xml.zip', { query: { month }, fileName: T.zipFile(month) });
}

/** GET /fiscal/notes/requests: the orders whose automatic note could not be emitted (with why). */
export function useFailedAutomaticNotes() {
  return useQuery({
    queryKey: fiscalNoteKeys.other('requests'),
    queryFn: async ({ signal }) =>
      (await api<{ data: FiscalEmissionRequest[] }>('/fiscal/notes/requests', { signal })).data,
  });
}

/** GET /fiscal/notes/gaps: 'Lacunas de numeração', a page of them (issue 56 §1). */
export function useNoteGaps(page: number, pageSize: number) {
  return useQuery({
    queryKey: fiscalNoteKeys.other(`gaps-${page}-${pageSize}`),
    queryFn: async ({ signal }) =>
      (await api<{ data: FiscalNoteGapPage }>('/fiscal/notes/gaps', { signal, query: { page, pageSize } })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /fiscal/notes/{id}: the note with its events. */
export function useFiscalNote(id: number | null) {
  return useQuery({ ...fiscalNoteQuery(id ?? 0), enabled: id !== null });
}

const setNote = (client: QueryClient, note: FiscalNote) => client.setQueryData(fiscalNoteKeys.detail(note.id), note);
/** A cancelled or corrected note: the lists and the order's notes (its details) asked again. */
const AFTER_EVENT = [fiscalNoteKeys.lists(), fiscalNoteKeys.other('order')];

/** POST /fiscal/notes/{id}/cancel {reason}: event 110111 within the legal window. */
export function useCancelNote(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<FiscalNote, { id: number; reason: string }>({
    mutationFn: async ({ id, reason }) =>
      (await api<{ data: FiscalNote }>(`/fiscal/notes/${id}/cancel`, { method: 'POST', body: { reason } })).data,
    success: (note) => T.cancelled(note.number),
    failure: T.cancelFailed,
    update: setNote,
    invalidate: AFTER_EVENT,
    ...inDialog(closeDialog, onError),
  });
}

/** POST /fiscal/notes/{id}/correction {text}: a numbered correction letter (110110) of an authorised NF-e. */
export function useCorrectNote(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<FiscalNote, { id: number; text: string }>({
    mutationFn: async ({ id, text }) =>
      (await api<{ data: FiscalNote }>(`/fiscal/notes/${id}/correction`, { method: 'POST', body: { text } })).data,
    success: (note) => T.corrected(note.events.filter((event) => event.type === 'CORRECTION').at(-1)?.sequence ?? 1),
    failure: T.correctionFailed,
    update: setNote,
    invalidate: AFTER_EVENT,
    ...inDialog(closeDialog, onError),
  });
}

/** POST /fiscal/voidings: numbers of a series never used, voided at the SEFAZ. */
export function useVoidNumbers(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<FiscalVoiding, FiscalVoidingBody>({
    mutationFn: async (body) => (await api<{ data: FiscalVoiding }>('/fiscal/voidings', { method: 'POST', body })).data,
    success: (voiding) => T.voided(voiding.from, voiding.to, voiding.series, voiding.protocol),
    failure: T.voidingFailed,
    // The gaps voided leave 'Lacunas'; a rejected note voided changes in the lists.
    invalidate: [fiscalNoteKeys.lists(), fiscalNoteKeys.other('gaps'), fiscalNoteKeys.other('order')],
    ...inDialog(closeDialog, onError),
  });
}

/**
 * POST /fiscal/notes/{id}/email `{}` (the customer's e-mail) or `{ to }`: the authorised note's DANFE and XML mailed;
 * the snackbar names the address the server answered.
 */
export function useEmailNote(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<{ to: string }, { id: number; body: { to?: string } }>({
    mutationFn: async ({ id, body }) =>
      (await api<{ data: { to: string } }>(`/fiscal/notes/${id}/email`, { method: 'POST', body })).data,
    success: (answer) => FISCAL_NOTE_TEXTS.sent(answer.to),
    failure: T.emailFailed,
    ...inDialog(closeDialog, onError),
  });
}
