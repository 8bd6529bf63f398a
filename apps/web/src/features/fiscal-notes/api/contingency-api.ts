import type { NfeContingency, NfeContingencyEnterBody } from '@backoffice/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { fiscalNoteKeys } from '../../../components/fiscal/fiscal-notes-api';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

const contingencyKey = fiscalNoteKeys.other('contingency');

/** GET /fiscal/notes/contingency: whether the NF-e is in the SVC, and what waits for the SEFAZ, in words. */
export function useContingency() {
  return useQuery({
    queryKey: contingencyKey,
    queryFn: async ({ signal }) => (await api<{ data: NfeContingency }>('/fiscal/notes/contingency', { signal })).data,
  });
}

const setState = (client: QueryClient, data: NfeContingency) => client.setQueryData(contingencyKey, data);

/** POST /fiscal/notes/contingency { reason }: 'Entrar em contingência'; the refusal said in the dialog. */
export function useEnterContingency(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<NfeContingency, NfeContingencyEnterBody>({
    mutationFn: async (body) =>
      (await api<{ data: NfeContingency }>('/fiscal/notes/contingency', { method: 'POST', body })).data,
    success: T.contingencyEntered,
    failure: T.contingencyFailed,
    update: setState,
    ...inDialog(closeDialog, onError),
  });
}

/** DELETE /fiscal/notes/contingency: 'Sair da contingência'. */
export function useLeaveContingency() {
  return useApiMutation<NfeContingency>({
    mutationFn: async () =>
      (await api<{ data: NfeContingency }>('/fiscal/notes/contingency', { method: 'DELETE' })).data,
    success: T.contingencyLeft,
    failure: T.contingencyFailed,
    update: setState,
  });
}
