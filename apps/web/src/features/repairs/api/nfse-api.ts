import type { ServiceInvoice, ServiceInvoiceCancelBody } from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { openFile } from '../../../lib/download';
import { REPAIR_NFSE_TEXTS as T } from '../texts';

/** The NFS-e of a repair's labour (issue 56 §4, decision 0085; docs/api.md, 'NFS-e'). */
export const repairNfseKey = (repairId: number) => ['fiscal', 'nfse', 'repair', repairId] as const;

/** GET /fiscal/nfse?repairId: the repair's invoices, newest first. */
export function useRepairNfse(repairId: number, enabled: boolean) {
  return useQuery({
    queryKey: repairNfseKey(repairId),
    enabled,
    queryFn: async ({ signal }) =>
      (await api<{ data: ServiceInvoice[] }>('/fiscal/nfse', { query: { repairId }, signal })).data,
  });
}

/** POST /fiscal/nfse/repairs/{id}: 'Emitir NFS-e'. */
export const emitRepairNfse = async (repairId: number) =>
  (await api<{ data: ServiceInvoice }>(`/fiscal/nfse/repairs/${repairId}`, { method: 'POST', body: {} })).data;

/** POST /fiscal/nfse/{id}/cancel: event 101101 with its reason. */
export const cancelNfse = async ({ id, body }: { id: number; body: ServiceInvoiceCancelBody }) =>
  (await api<{ data: ServiceInvoice }>(`/fiscal/nfse/${id}/cancel`, { method: 'POST', body })).data;

/** GET /fiscal/nfse/{id}/danfse.pdf, opened to print. */
export const openDanfse = (invoice: ServiceInvoice) =>
  openFile(`/fiscal/nfse/${invoice.id}/danfse.pdf`, {
    fileName: T.danfseFile(invoice.nfseNumber ?? String(invoice.id)),
  });
