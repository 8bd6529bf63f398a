import { toBusinessTimestamp } from '@backoffice/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import type { SeenOrder } from '../../../components/orders/use-order-move';
import { Alert, AlertButton } from '../../../components/plain/alert';
import type { useOutbox } from '../offline/use-outbox';
import { FIELD_TEXTS } from '../texts';

/** 10:42:15: when the next automatic try is due (the business's clock). */
const clockTime = (at: number) => toBusinessTimestamp(at).slice(11, 19);

/**
 * The moves kept on the phone: those waiting to be sent ('Enviar agora', when the next automatic try is), and
 * each one the server refused ('Tentar de novo' on the order as the list shows it now, 'Descartar').
 */
export function OutboxAlerts({
  outbox,
  seenNow,
}: {
  outbox: ReturnType<typeof useOutbox>;
  /** The order as the list shows it now (a refused move tried again is made on it). */
  seenNow: (orderId: number) => SeenOrder | undefined;
}) {
  const confirm = useConfirm();
  /** A refused move is discarded only once the courier confirms: its signature and photos leave the phone. */
  const discard = async (key: string, code: string) => {
    const ok = await confirm(FIELD_TEXTS.offline.discardConfirm(code), {
      title: FIELD_TEXTS.offline.discard,
      confirmText: FIELD_TEXTS.offline.discard,
    });
    if (ok) await outbox.dismiss(key);
  };
  return (
    <>
      {outbox.pending.length > 0 ? (
        <Alert
          severity="warning"
          className="tp-gap"
          action={<AlertButton onClick={() => void outbox.send()}>{FIELD_TEXTS.offline.sendNow}</AlertButton>}
        >
          {(outbox.serverError ? FIELD_TEXTS.offline.waitingServer : FIELD_TEXTS.offline.waiting)(
            outbox.pending.length,
          )}
          {outbox.retryAt !== null ? (
            <span className="tp-next-try">{FIELD_TEXTS.offline.nextTry(clockTime(outbox.retryAt))}</span>
          ) : null}
        </Alert>
      ) : null}
      {outbox.refused.map((item) => (
        <Alert
          key={item.key}
          severity="error"
          className="tp-gap tp-refused"
          action={
            <>
              <AlertButton onClick={() => void outbox.retry(item.key, seenNow(item.order.orderId))}>
                {FIELD_TEXTS.offline.retry}
              </AlertButton>
              <AlertButton onClick={() => void discard(item.key, item.order.code)}>
                {FIELD_TEXTS.offline.discard}
              </AlertButton>
            </>
          }
        >
          {FIELD_TEXTS.offline.refusedItem(item.order.code, item.message ?? FIELD_TEXTS.offline.sendFailed)}
          <span className="tp-next-try">{FIELD_TEXTS.offline.refusedKept}</span>
        </Alert>
      ))}
    </>
  );
}
