import type { BankPspImport, BankStatementImport } from '@backoffice/contract';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';
import { bankReconciliationKeys } from './bank-reconciliation-api';

/** POST /bank-statements/psp ('Importar Pix do PSP'): the month's Pix received by the shop's PSP, into the account. */
export function useImportPsp() {
  return useApiMutation<BankStatementImport, BankPspImport>({
    mutationFn: async (body) =>
      (await api<{ data: BankStatementImport }>('/bank-statements/psp', { method: 'POST', body })).data,
    failure: T.pspFailed,
    success: (answer) => (answer.applied ? T.pspImported(answer.lines, answer.newLines) : T.pspImportedAgain),
    invalidate: [bankReconciliationKeys.all],
  });
}
