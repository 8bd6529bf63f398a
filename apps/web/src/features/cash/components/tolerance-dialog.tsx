import { cashSettingsSchema } from '@backoffice/contract';
import { useState } from 'react';
import { AmountDialog } from '../../../components/form/amount-dialog';
import { useSetTolerance } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';

/** 'Tolerância de diferença' (settings or 'Crédito e cobrança'): R$ 0,00 to R$ 1.000,00. */
export function ToleranceDialog({ tolerance, onClose }: { tolerance: number; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetTolerance(onClose, setProblem);
  return (
    <AmountDialog
      titleId="cash-tolerance-title"
      title={T.toleranceTitle}
      text={T.toleranceText}
      label={T.toleranceLabel}
      closeText={T.cancel}
      submitText={T.save}
      amount={tolerance}
      schema={cashSettingsSchema.shape.tolerance}
      busy={save.isPending}
      problem={problem}
      phoneFullScreen={false}
      onSend={(value) => save.mutate({ tolerance: value })}
      onClose={onClose}
    />
  );
}
