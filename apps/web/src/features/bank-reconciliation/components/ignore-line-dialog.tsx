import { type BankStatementLine, bankLineIgnoreSchema } from '@backoffice/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { formatMoney } from '../../../lib/format';
import { useIgnoreLine } from '../api/bank-reconciliation-api';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';

/** 'Ignorar': asks why (3 to 300 characters, as the server checks) and sets the line aside; closes only on success. */
export function IgnoreLineDialog({ line, onClose }: { line: BankStatementLine; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const ignore = useIgnoreLine(onClose, setProblem);
  return (
    <ReasonDialog
      titleId="ignore-line-title"
      title={T.ignoreTitle}
      text={T.ignoreText(line.memo, formatMoney(line.amount))}
      label={T.reason}
      keepText={T.keep}
      confirmText={T.ignore}
      schema={bankLineIgnoreSchema}
      busy={ignore.isPending}
      problem={problem}
      onConfirm={(reason) => ignore.mutate({ id: line.id, reason })}
      onClose={onClose}
    />
  );
}
