import { type CashRegister, cashOpenBodySchema } from '@backoffice/contract';
import { useState } from 'react';
import { AmountDialog } from '../../../components/form/amount-dialog';
import { useOpenRegister } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';

/** 'Abrir caixa': the float counted into the drawer (troco inicial, R$ 0,00 until typed), checked as the server does. */
export function OpenDialog({ register, onClose }: { register: CashRegister; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const open = useOpenRegister(onClose, setProblem);
  return (
    <AmountDialog
      titleId="cash-open-title"
      title={T.openTitle(register.name)}
      text={T.openText}
      label={T.float}
      closeText={T.cancel}
      submitText={T.confirmOpen}
      amount={0}
      schema={cashOpenBodySchema.shape.float}
      busy={open.isPending}
      problem={problem}
      onSend={(float) => open.mutate({ registerId: register.id, float })}
      onClose={onClose}
    />
  );
}
