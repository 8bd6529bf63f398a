import type {
  Repair,
  RepairAction,
  RepairCreateBody,
  RepairCustomerOption,
  RepairDevicePassword,
  RepairMoveBody,
  RepairPartOption,
  RepairPublicStatus,
  RepairReportRow,
  RepairStatus,
  RepairSummary,
  RepairUpdateBody,
} from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { useAttemptKey } from '../../../components/use-attempt-key';
import { readAllPages } from '../../../lib/all-pages';
import { ApiError, api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { createQueryKeys } from '../../../lib/query-keys';
import { REPAIRS_TEXTS as T } from '../texts';

export const repairKeys = createQueryKeys('repairs');
/** The technician's queue (GET /repairs/tasks). */
export const repairTaskKeys = [...repairKeys.all, 'tasks'] as const;

/** Which service orders the list shows: the open ones, only the late ones, one status, or every one (closed too). */
export type RepairListView = 'open' | 'late' | 'all' | RepairStatus;

export interface RepairsFilter {
  view: RepairListView;
  /** The customer's name or the model, the number, or the start of an IMEI ('' for any). */
  search: string;
}

/** The filter as GET /repairs's query (empty ones left out). */
export function queryOf(filter: RepairsFilter) {
  const { view } = filter;
  return {
    late: view === 'late' ? 'true' : undefined,
    all: view === 'all' ? 'true' : undefined,
    status: view === 'open' || view === 'late' || view === 'all' ? undefined : view,
    search: filter.search.trim() || undefined,
  };
}

async function fetchRepairPage(filter: RepairsFilter, page: number, items: number, signal?: AbortSignal) {
  const answer = await api<{ data: RepairSummary[]; total: number }>('/repairs', {
    query: { ...queryOf(filter), page, items },
    ...(signal ? { signal } : {}),
  });
  return { items: answer.data, page, total: answer.total };
}

/** GET /repairs: one page of the service orders that match, and how many match. */
export function useRepairs(filter: RepairsFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: repairKeys.list({ ...filter, page, pageSize }),
    queryFn: ({ signal }) => fetchRepairPage(filter, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every service order that matches ('Imprimir'), 100 a page (the API's largest). */
export function fetchAllRepairs(filter: RepairsFilter): Promise<RepairSummary[]> {
  return readAllPages((page, size) => fetchRepairPage(filter, page, Math.min(size, 100)));
}

/** 'Exportar CSV': ordens-de-servico.csv of every match, written by the server. */
export function downloadRepairsCsv(filter: RepairsFilter) {
  return downloadFile('/repairs/export.csv', { query: queryOf(filter), fileName: T.csvFile });
}

/** The customer's receipt (PDF with the QR code of the status page), fetched with the token and saved. */
export function downloadRepairReceipt(repair: { id: number; number: number }) {
  return downloadFile(`/repairs/${repair.id}/receipt.pdf`, { fileName: T.receiptFile(repair.number) });
}

/** GET /repairs/{id}: the service order with its moves for this employee, history, estimate and bill. */
export function useRepair(id: number | null) {
  return useQuery({
    queryKey: repairKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api<{ data: Repair }>(`/repairs/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/**
 * GET /repairs/{id}/device-password: the password or pattern the customer left, each reading audited by the server.
 * Never cached: asked again at each 'Mostrar senha', forgotten with the dialog.
 */
export async function fetchRepairDevicePassword(id: number): Promise<string> {
  return (await api<{ data: RepairDevicePassword }>(`/repairs/${id}/device-password`)).data.devicePassword;
}

/** GET /repairs/tasks: the technician's queue (his and the unassigned, oldest estimated day first). */
export function useRepairTasks() {
  return useQuery({
    queryKey: repairTaskKeys,
    queryFn: async ({ signal }) =>
      (await api<{ data: RepairSummary[]; total: number }>('/repairs/tasks', { signal })).data,
  });
}

/** GET /repairs/report: 'Assistência por mês' between two days. */
export function useRepairReport(from: string, to: string) {
  return useQuery({
    queryKey: repairKeys.other('report', { from, to }),
    queryFn: async ({ signal }) =>
      (await api<{ data: RepairReportRow[] }>('/repairs/report', { query: { from, to }, signal })).data,
  });
}

const setRepair = (client: QueryClient, repair: Repair) => client.setQueryData(repairKeys.detail(repair.id), repair);

/** PATCH /repairs/{id} ('Corrigir dados'): the corrections of an open service order; the answer replaces it. */
export function useUpdateRepair(id: number, onError: (message: string | null) => void, closeDialog: () => void) {
  return useApiMutation<Repair, RepairUpdateBody>({
    mutationFn: async (body) => (await api<{ data: Repair }>(`/repairs/${id}`, { method: 'PATCH', body })).data,
    success: T.edited,
    failure: T.editFailed,
    update: setRepair,
    invalidate: [repairKeys.lists(), repairTaskKeys],
    ...inDialog(closeDialog, onError),
  });
}

/**
 * POST /repairs: the service order opened at the counter, with the attempt's Idempotency-Key: sent again after a lost
 * answer, the server answers the order it opened instead of a second one.
 */
export function useCreateRepair(onError: (message: string) => void, onCreated: (repair: Repair) => void) {
  const attempt = useAttemptKey();
  return useApiMutation<Repair, RepairCreateBody>({
    mutationFn: async (body) =>
      (
        await api<{ data: Repair }>('/repairs', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': attempt.current() },
        })
      ).data,
    success: (repair) => T.created(repair.number),
    failure: T.createFailed,
    update: setRepair,
    invalidate: [repairKeys.lists(), repairTaskKeys],
    errorInDialog: true,
    onError: (_error, message) => onError(message),
    onSuccess: (repair) => {
      attempt.renew();
      onCreated(repair);
    },
  });
}

/** The path segment of a move: 'startDiagnosis' → 'start-diagnosis' (the API's routes). */
export const repairMovePath = (action: RepairAction) => action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export interface RepairMoveVars {
  repair: Pick<Repair, 'id' | 'status'>;
  action: RepairAction;
  body?: RepairMoveBody;
  label: string;
}

/**
 * A move of the contract's table (POST /repairs/{id}/{action}) with the status the screen saw (a move from another
 * one is refused, 409): the service order answered replaces the cached one; the lists and the queue are read again,
 * and the bell (late ones) and the orders when the move billed one.
 */
export function useRepairMove(
  options: { closeDialog?: () => void; onError?: (message: string, error: unknown) => void } = {},
) {
  return useApiMutation<Repair, RepairMoveVars>({
    mutationFn: async ({ repair, action, body }) =>
      (
        await api<{ data: Repair }>(`/repairs/${repair.id}/${repairMovePath(action)}`, {
          method: 'POST',
          body: { ...body, expectedStatus: repair.status },
        })
      ).data,
    success: (_repair, vars) => T.moved[vars.action],
    failure: T.moveFailed,
    update: setRepair,
    invalidate: (_repair, vars) => [
      repairKeys.lists(),
      repairTaskKeys,
      ['notifications'],
      ...(vars.action === 'approve' ? [['orders'], ['products']] : []),
    ],
    errorInDialog: options.onError !== undefined,
    onError: (error, message) => options.onError?.(message, error),
    ...(options.closeDialog ? { closeDialog: options.closeDialog } : {}),
  });
}

/**
 * The customers whose name, e-mail, document or phone has `search` (the service order's customer): GET
 * /repairs/customers, open to the repair counter (approved first).
 */
export function useCustomerOptions(search: string) {
  const typed = search.trim();
  return useQuery({
    queryKey: ['customers', 'repair-options', typed],
    queryFn: async ({ signal }) =>
      (await api<{ data: RepairCustomerOption[] }>('/repairs/customers', { query: { search: typed }, signal })).data,
    enabled: typed.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The parts the estimate may take (GET /repairs/parts, open to the technician too): products that are not phones nor
 * archived whose name, code, tag or brand has `search`, each with its list price and stock.
 */
export function usePartOptions(search: string) {
  const typed = search.trim();
  return useQuery({
    queryKey: ['products', 'repair-parts', typed],
    queryFn: async ({ signal }) =>
      (await api<{ data: RepairPartOption[] }>('/repairs/parts', { query: { search: typed }, signal })).data.map(
        (part) => ({ id: part.id, code: part.code, name: part.name, sellPrice: part.price, stock: part.stock }),
      ),
    enabled: typed.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** What the public page learnt: the status, or that the token is unknown, or too many tries from here. */
export type PublicStatusAnswer =
  | { kind: 'found'; status: RepairPublicStatus }
  | { kind: 'notFound' }
  | { kind: 'tooMany' };

/**
 * GET /repairs/status/{token} (no sign-in, no token sent: the page is the customer's): only the status and its
 * dates; an unknown or malformed token is a 404, many tries from one address a 429.
 */
export function usePublicRepairStatus(token: string) {
  return useQuery({
    queryKey: ['repair-status', token],
    queryFn: async ({ signal }): Promise<PublicStatusAnswer> => {
      const response = await fetch(`/api/repairs/status/${encodeURIComponent(token)}`, {
        headers: { Accept: 'application/json' },
        signal,
      });
      if (response.status === 404 || response.status === 400) return { kind: 'notFound' };
      if (response.status === 429) return { kind: 'tooMany' };
      if (!response.ok) throw new ApiError(response.status, []);
      return { kind: 'found', status: ((await response.json()) as { data: RepairPublicStatus }).data };
    },
    retry: false,
    refetchOnWindowFocus: false,
  });
}
