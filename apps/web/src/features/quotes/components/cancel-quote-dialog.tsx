import { quoteCancelBodySchema } from '@backoffice/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useCancelQuote } from '../api/quotes-api';
import { QUOTES_TEXTS as T } from '../texts';

/**
 * 'Cancelar orçamento': asks why (the contract's 3 to 300 characters, checked as typed: the button waits for a
 * valid reason) and cancels; one Idempotency-Key per opening, so that sending again after no answer cancels once.
 * Closes only on success.
 */
export function CancelQuoteDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const close = () => {
    setKey(crypto.randomUUID());
    onClose();
  };
  const cancel = useCancelQuote(close);
  return (
    <ReasonDialog
      open={id !== null}
      titleId="cancel-quote-title"
      title={id === null ? '' : T.cancelTitle(id)}
      text={T.cancelText}
      label={T.cancelReason}
      keepText={T.cancelKeep}
      confirmText={T.cancel}
      busyText={T.cancelling}
      schema={quoteCancelBodySchema}
      busy={cancel.isPending}
      confirmWhenValid
      autoFocus={false}
      closableWhileBusy
      onConfirm={(reason) => {
        if (id !== null) cancel.mutate({ id, reason: reason.trim(), key });
      }}
      onClose={close}
    />
  );
}
