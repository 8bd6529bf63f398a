import { isFinalOrderCommand, type OrderSummary } from '@backoffice/contract';
import { AuditHistoryDialog } from '../../../components/audit-history-dialog';
import { EmitNoteDialog } from '../../../components/fiscal/emit-note-dialog';
import { OrderDetailsDialog } from '../../../components/orders/order-details-dialog';
import type { OrderPictureKind } from '../api/orders-api';
import { ApproveDialog } from './approve-dialog';
import { CreditApprovalDialog } from './credit-approval-dialog';
import { DelivererDialog } from './deliverer-dialog';
import { DiscountDialog } from './discount-dialog';
import { EditOrderDialog } from './edit-order-dialog';
import { FinalMoveDialog } from './final-move-dialog';
import { HistoryDialog } from './history-dialog';
import { PdfDialog } from './pdf-dialog';
import { PicturesDialog } from './pictures-dialog';

export type DialogKind =
  | 'details'
  | 'history'
  | 'changes'
  | 'pdf'
  | 'approve'
  | 'credit'
  | 'cancel'
  | 'finalize'
  | 'deliverer'
  | 'discount'
  | 'edit'
  | 'invoice'
  | OrderPictureKind;
export interface OpenDialog {
  kind: DialogKind;
  order: OrderSummary;
}

/**
 * The orders screen's dialogs: the one the toolbar opened for the order selected, and the details of an order a
 * link names (the command palette's results), with the exchange or return a link asks for.
 */
export function OrderDialogs({
  dialog,
  close,
  fromStart,
  linkedOrderId,
  clearLinkedOrder,
  linkedAdjust,
}: {
  dialog: OpenDialog | null;
  close: () => void;
  /** Reloads the status's list from its first page (a cancel, a courier changed). */
  fromStart: () => void;
  linkedOrderId: number | null;
  clearLinkedOrder: () => void;
  linkedAdjust: string | null;
}) {
  const open = (kind: DialogKind) => (dialog?.kind === kind ? dialog.order : null);
  const finalMove = dialog && isFinalOrderCommand(dialog.kind) ? dialog.kind : null;
  return (
    <>
      <OrderDetailsDialog
        orderId={open('details')?.orderId ?? null}
        open={dialog?.kind === 'details'}
        onClose={close}
      />
      <OrderDetailsDialog
        orderId={linkedOrderId}
        open={linkedOrderId !== null}
        onClose={clearLinkedOrder}
        startWith={linkedAdjust === 'exchange' ? 'EXCHANGE' : linkedAdjust === 'return' ? 'RETURN' : null}
      />
      <HistoryDialog order={open('history')} onClose={close} />
      <AuditHistoryDialog
        target={dialog?.kind === 'changes' ? { entity: 'order', id: dialog.order.code, name: dialog.order.code } : null}
        onClose={close}
      />
      <PdfDialog order={open('pdf')} onClose={close} />
      {(['receipt', 'signature', 'packaging'] as const).map((kind) => (
        <PicturesDialog key={kind} kind={dialog?.kind === kind ? kind : null} order={open(kind)} onClose={close} />
      ))}
      <ApproveDialog order={open('approve')} onClose={close} />
      <CreditApprovalDialog order={open('credit')} onClose={close} />
      <FinalMoveDialog
        move={finalMove}
        order={finalMove ? (dialog?.order ?? null) : null}
        onDone={finalMove === 'cancel' ? fromStart : undefined}
        onClose={close}
      />
      <DelivererDialog order={open('deliverer')} onChanged={fromStart} onClose={close} />
      <DiscountDialog order={open('discount')} onClose={close} />
      <EditOrderDialog order={open('edit')} onClose={close} />
      {dialog?.kind === 'invoice' ? (
        <EmitNoteDialog orderId={dialog.order.orderId} code={dialog.order.code} onClose={close} />
      ) : null}
    </>
  );
}
