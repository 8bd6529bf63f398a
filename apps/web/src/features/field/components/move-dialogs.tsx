import type { TaskOrder } from '@backoffice/contract';
import { lazy } from 'react';
import type { useOrderMove } from '../../../components/orders/use-order-move';
import { MuiScope } from '../../../components/theme/mui-scope';

// The dialogs (photos, IMEI reader, signature) are fetched when a card's button opens one: the phone's first
// screen neither downloads nor runs their code and MUI's form fields (decision 0026). Kept offline by the
// service worker like every file of the app.
const PackDialog = lazy(() => import('./pack-dialog').then((code) => ({ default: code.PackDialog })));
const DeliverDialog = lazy(() => import('./deliver-dialog').then((code) => ({ default: code.DeliverDialog })));
const AbsentDialog = lazy(() => import('./absent-dialog').then((code) => ({ default: code.AbsentDialog })));

/**
 * The move's dialog, with its Idempotency-Key: one per opening, sent again by 'trying again' after no answer, so
 * that a move the server made while its answer was lost is answered as done instead of refused.
 */
export type MoveDialog = { type: 'pack' | 'deliver' | 'customerAbsent'; order: TaskOrder; key: string };

/** The open move's dialog ('Embalar', 'Entregar', 'Cliente ausente'), its MUI fetched when it opens. */
export function MoveDialogs({
  dialog,
  error,
  busy,
  onClose,
  submit,
  pack,
  deliver,
  absent,
}: {
  dialog: MoveDialog;
  /** Why the dialog's last try failed. */
  error: string | null;
  busy: (order: TaskOrder) => boolean;
  onClose: () => void;
  /** Sends the move (the last failure cleared). */
  submit: (send: () => void) => void;
  pack: ReturnType<typeof useOrderMove<'pack'>>;
  deliver: ReturnType<typeof useOrderMove<'deliver'>>;
  absent: ReturnType<typeof useOrderMove<'customerAbsent'>>;
}) {
  return (
    <MuiScope onFailed={onClose}>
      {dialog?.type === 'pack' ? (
        <PackDialog
          order={dialog.order}
          busy={busy(dialog.order)}
          error={error}
          onClose={onClose}
          onSubmit={(images, units) =>
            submit(() =>
              pack.mutate({
                order: dialog.order,
                images,
                ...(units.length > 0 ? { units } : {}),
                idempotencyKey: dialog.key,
              }),
            )
          }
        />
      ) : null}
      {dialog?.type === 'deliver' ? (
        <DeliverDialog
          order={dialog.order}
          busy={busy(dialog.order)}
          error={error}
          onClose={onClose}
          onSubmit={(delivery) =>
            submit(() => deliver.mutate({ order: dialog.order, ...delivery, idempotencyKey: dialog.key }))
          }
        />
      ) : null}
      {dialog?.type === 'customerAbsent' ? (
        <AbsentDialog
          order={dialog.order}
          busy={busy(dialog.order)}
          error={error}
          onClose={onClose}
          onSubmit={(comment) =>
            submit(() => absent.mutate({ order: dialog.order, comment, idempotencyKey: dialog.key }))
          }
        />
      ) : null}
    </MuiScope>
  );
}
