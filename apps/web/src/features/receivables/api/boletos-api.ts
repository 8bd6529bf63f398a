import {
  BOLETO_RETORNO_MAX_BYTES,
  BOLETO_TEXTS,
  type Boleto,
  type BoletoRemessa,
  type BoletoRetornoResult,
  type BoletoSettings,
  type BoletoSettleResult,
} from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError, api } from '../../../lib/api-client';
import { downloadFile, openFile } from '../../../lib/download';
import { uploadForm } from '../../../lib/upload';
import { RECEIVABLES_TEXTS as T } from '../texts';
import { receivableKeys } from './receivables-api';

/** Registered boletos of instalments and the bank's CNAB 240 files (issue 58 §2, decision 0092). */
export const boletoKeys = {
  ofInstalment: (id: number) => [...receivableKeys.detail(id), 'boletos'] as const,
  remessas: ['boletos', 'remessas'] as const,
  settings: ['boletos', 'settings'] as const,
};

/** GET /receivables/{id}/boletos: the instalment's boletos, the latest first. */
export function useInstalmentBoletos(id: number) {
  return useQuery({
    queryKey: boletoKeys.ofInstalment(id),
    queryFn: async ({ signal }) => (await api<{ data: Boleto[] }>(`/receivables/${id}/boletos`, { signal })).data,
    retry: false,
  });
}

/** POST /receivables/{id}/boletos: 'Emitir boleto'. */
export function useIssueBoleto(id: number) {
  return useApiMutation<Boleto, void>({
    mutationFn: async () => (await api<{ data: Boleto }>(`/receivables/${id}/boletos`, { method: 'POST' })).data,
    success: BOLETO_TEXTS.issued,
    failure: T.boletoIssueFailed,
    invalidate: [boletoKeys.ofInstalment(id)],
  });
}

/** POST /boletos/{id}/email: the PDF to the customer's e-mail. */
export function useEmailBoleto() {
  return useApiMutation<{ to: string }, number>({
    mutationFn: async (id) =>
      (await api<{ data: { to: string } }>(`/boletos/${id}/email`, { method: 'POST', body: {} })).data,
    success: (data) => BOLETO_TEXTS.emailSent(data.to),
    failure: T.boletoEmailFailed,
  });
}

/** The boleto's PDF, opened in a new tab (saved when the browser blocks it). */
export const openBoletoPdf = (boleto: Boleto) =>
  openFile(`/boletos/${boleto.id}/boleto.pdf`, { fileName: `boleto-${boleto.nossoNumero}.pdf` });

/** GET /boletos/remessas: the latest remessas. */
export function useRemessas(enabled: boolean) {
  return useQuery({
    queryKey: boletoKeys.remessas,
    queryFn: async ({ signal }) => (await api<{ data: BoletoRemessa[] }>('/boletos/remessas', { signal })).data,
    enabled,
  });
}

/** POST /boletos/remessas: 'Gerar remessa'. */
export function useCreateRemessa(onSuccess: (remessa: BoletoRemessa) => void) {
  return useApiMutation<BoletoRemessa, void>({
    mutationFn: async () => (await api<{ data: BoletoRemessa }>('/boletos/remessas', { method: 'POST' })).data,
    failure: T.remessaFailed,
    success: (remessa) => T.remessaCreated(remessa.nsa, remessa.boletoCount),
    invalidate: [boletoKeys.remessas, receivableKeys.all],
    onSuccess,
  });
}

/** The remessa's file (CB + NSA + .REM), saved. */
export const downloadRemessa = (remessa: BoletoRemessa) =>
  downloadFile(`/boletos/remessas/${remessa.id}/file`, { fileName: `CB${String(remessa.nsa).padStart(6, '0')}.REM` });

/**
 * POST /boletos/retornos: the bank's retorno. A file above the server's limit is refused here before it is sent
 * (the server cuts it off too).
 */
export async function sendRetorno(file: File): Promise<BoletoRetornoResult> {
  if (file.size > BOLETO_RETORNO_MAX_BYTES) {
    throw new ApiError(
      413,
      [BOLETO_TEXTS.retornoTooLarge(BOLETO_RETORNO_MAX_BYTES / 1024 / 1024)],
      'PAYLOAD_TOO_LARGE',
    );
  }
  const form = new FormData();
  form.append('file', file);
  return (await uploadForm<{ data: BoletoRetornoResult }>('/boletos/retornos', form)).data;
}

export function useReadRetorno(onSuccess: (result: BoletoRetornoResult) => void) {
  return useApiMutation<BoletoRetornoResult, File>({
    mutationFn: sendRetorno,
    failure: T.retornoFailed,
    invalidate: [receivableKeys.all, boletoKeys.remessas, ['dashboard'], ['payables'], ['cash-flow']],
    onSuccess,
  });
}

/**
 * Whether BB's API Cobranças registers the shop's boletos (the boleto híbrido on: the server refuses it unless the
 * API is configured there): 'Consultar pagamentos no banco' is shown only then.
 */
export function useBoletoApiOn(enabled: boolean) {
  return useQuery({
    queryKey: boletoKeys.settings,
    queryFn: async ({ signal }) => (await api<{ data: BoletoSettings }>('/boletos/settings', { signal })).data,
    select: (settings) => settings?.pixHybrid === true,
    enabled,
    retry: false,
  });
}

/** POST /boletos/settle: 'Consultar pagamentos no banco' (BB's API Cobranças). */
export function useSettleByApi(onSuccess: (result: BoletoSettleResult) => void) {
  return useApiMutation<BoletoSettleResult, void>({
    mutationFn: async () => (await api<{ data: BoletoSettleResult }>('/boletos/settle', { method: 'POST' })).data,
    failure: T.settleFailed,
    invalidate: [receivableKeys.all, ['dashboard'], ['cash-flow']],
    onSuccess,
  });
}
