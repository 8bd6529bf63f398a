import {
  addressLines,
  courierPaymentLine,
  DELIVERY_TYPES,
  dueAtDoor,
  ORDER_STATUS,
  type OrderAction,
  roundReais,
  type TaskKind,
  type TaskOrder,
} from '@backoffice/contract';
import { orderStatusLabel, orderStatusTone, STATUS_TONE_COLORS } from '../../../components/orders/order-format';
import { formatMoney, formatPhone } from '../../../lib/format';
import { FIELD_TEXTS } from '../texts';
import './task-card.css';

/** What a button of the card does: a move right away, or a dialog that collects what the move needs. */
export type CardAction = 'startPreparation' | 'pack' | 'withdraw' | 'deliver' | 'customerAbsent';

/** The card's buttons, from the moves the server says are available (packing moves are one button). */
export function cardActions(actions: readonly OrderAction[]): CardAction[] {
  const out: CardAction[] = [];
  for (const action of actions) {
    const card: CardAction | undefined =
      action === 'readyForCourier' || action === 'readyForFastCourier' || action === 'readyForPickup'
        ? 'pack'
        : action === 'startPreparation' || action === 'withdraw' || action === 'deliver' || action === 'customerAbsent'
          ? action
          : undefined;
    if (card && !out.includes(card)) out.push(card);
  }
  return out;
}

/**
 * The address in the phone's maps: a search of the street, number, neighbourhood and city (Google Maps'
 * universal link opens the maps app on Android and iOS, or the site).
 */
export function mapHref(address: TaskOrder['address']): string {
  const query = [
    [address.street, address.number].filter(Boolean).join(', '),
    address.neighborhood,
    address.city,
    address.state,
  ]
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A phone number as the tel: link wants it: digits only, with Brazil's +55 for local numbers. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 || digits.length === 11 ? `+55${digits}` : digits}`;
}

/** Statuses whose label already says "entrega imediata" (no second chip). */
const FAST_STATUSES: readonly number[] = [ORDER_STATUS.ENTREGA_IMEDIATA, ORDER_STATUS.EM_ENTREGA_IMEDIATA];

const MAIN: Record<CardAction, boolean> = {
  startPreparation: true,
  pack: true,
  withdraw: true,
  deliver: true,
  customerAbsent: false,
};

/** MUI's PlaceOutlined and PhoneOutlined icons (Material Icons, Apache 2.0): the card draws them itself. */
const PLACE_ICON =
  'M12 12c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m6-1.8C18 6.57 15.35 4 12 4s-6 2.57-6 6.2c0 2.34 1.95 5.44 6 9.14 4.05-3.7 6-6.8 6-9.14M12 2c4.2 0 8 3.22 8 8.2 0 3.32-2.67 7.25-8 11.8-5.33-4.55-8-8.48-8-11.8C4 5.22 7.8 2 12 2';
const PHONE_ICON =
  'M6.54 5c.06.89.21 1.76.45 2.59l-1.2 1.2c-.41-1.2-.67-2.47-.76-3.79zm9.86 12.02c.85.24 1.72.39 2.6.45v1.49c-1.32-.09-2.59-.35-3.8-.75zM7.5 3H4c-.55 0-1 .45-1 1 0 9.39 7.61 17 17 17 .55 0 1-.45 1-1v-3.49c0-.55-.45-1-1-1-1.24 0-2.45-.2-3.57-.57-.1-.04-.21-.05-.31-.05-.26 0-.51.1-.71.29l-2.2 2.2c-2.83-1.45-5.15-3.76-6.59-6.59l2.2-2.2c.28-.28.36-.67.25-1.02C8.7 6.45 8.5 5.25 8.5 4c0-.55-.45-1-1-1';

function Icon({ path }: { path: string }) {
  return (
    <svg className="tc-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/** The order's status as the app's status chip draws it (OrderStatusChip): same label, tone and colours. */
function StatusChip({ status }: { status: number }) {
  const tone = orderStatusTone(status);
  const colors = STATUS_TONE_COLORS[tone];
  return (
    <span className="tc-chip tc-chip-strong" data-tone={tone} style={{ background: colors.bg, color: colors.fg }}>
      {orderStatusLabel(status)}
    </span>
  );
}

/**
 * One order of "Minhas tarefas": what to separate, or where to deliver, and big buttons for the moves.
 *
 * Drawn with plain elements and a style sheet (task-card.css) in the look of the app's MUI cards, chips and
 * buttons: a phone draws a page of cards without MUI's styling work per element (decision 0026, issue 22).
 */
export function TaskCard({
  order,
  kind,
  busy,
  queued = false,
  onAction,
}: {
  order: TaskOrder;
  kind: TaskKind;
  busy: boolean;
  /** A move of this order is kept on the phone, waiting for the connection: no other move until it is sent. */
  queued?: boolean;
  onAction: (action: CardAction) => void;
}) {
  const headingId = `task-${order.orderId}`;
  const address = addressLines(order.address);
  return (
    <article className="tc-card" aria-labelledby={headingId}>
      <div className="tc-head">
        <h2 id={headingId} className="tc-code">
          {order.code}
        </h2>
        {order.fastDelivery && !FAST_STATUSES.includes(order.statusKey) ? (
          <span className="tc-chip tc-chip-strong tc-chip-fast">{FIELD_TEXTS.fast}</span>
        ) : null}
        {order.deliveryType === DELIVERY_TYPES.PICKUP ? <span className="tc-chip">{FIELD_TEXTS.pickup}</span> : null}
        {queued ? <span className="tc-chip tc-chip-queued">{FIELD_TEXTS.offline.queuedChip}</span> : null}
        <StatusChip status={order.statusKey} />
      </div>
      <p className="tc-text tc-strong">{order.customer}</p>

      {kind === 'packing' ? (
        <div>
          <p className="tc-small tc-muted">{FIELD_TEXTS.items}</p>
          <ul className="tc-items">
            {order.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of an order never reorder
              <li key={index}>{FIELD_TEXTS.itemLine(item.quantity, item.name)}</li>
            ))}
          </ul>
          {order.stocker && order.statusKey !== 1 ? (
            <p className="tc-small tc-muted tc-after">{FIELD_TEXTS.stocker(order.stocker)}</p>
          ) : null}
        </div>
      ) : (
        <div className="tc-stack">
          <div className="tc-row tc-top">
            <Icon path={PLACE_ICON} />
            <div className="tc-shrink">
              <p className="tc-small tc-muted">{FIELD_TEXTS.address}</p>
              {address.length ? (
                address.map((text) => (
                  <p key={text} className="tc-text tc-wrap">
                    {text}
                  </p>
                ))
              ) : (
                <p className="tc-text">{FIELD_TEXTS.notAvailable}</p>
              )}
              <p className="tc-text tc-strong">
                {FIELD_TEXTS.neighborhood}: {order.address.neighborhood ?? FIELD_TEXTS.notAvailable}
              </p>
              {address.length ? (
                <a
                  className="tc-link"
                  href={mapHref(order.address)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={FIELD_TEXTS.openMapLabel(address.join(', '))}
                >
                  {FIELD_TEXTS.openMap}
                </a>
              ) : null}
            </div>
          </div>
          <div className="tc-row">
            <Icon path={PHONE_ICON} />
            <a
              className="tc-link tc-phone"
              href={telHref(order.customerPhone)}
              aria-label={FIELD_TEXTS.call(formatPhone(order.customerPhone))}
            >
              {formatPhone(order.customerPhone)}
            </a>
          </div>
          <div className="tc-money">
            <p className="tc-text">
              {FIELD_TEXTS.total}: <strong>{formatMoney(order.total)}</strong>
            </p>
            <p className="tc-text">
              {FIELD_TEXTS.payment}: <strong>{order.payment}</strong>
            </p>
            {/* The run sheet's own line (payment-due.ts): 'Receber em dinheiro: R$ …' or 'Pago (Pix): nada a receber'. */}
            <p className="tc-text tc-strong">
              {courierPaymentLine(order, {
                total: formatMoney(dueAtDoor(order)),
                payment: order.payment,
              })}
            </p>
          </div>
          {order.paymentMethod === 'CASH' && order.changeFor && order.changeFor > order.total ? (
            <p className="tc-text tc-strong">
              {FIELD_TEXTS.changeFor(
                formatMoney(order.changeFor),
                formatMoney(roundReais(order.changeFor - order.total)),
              )}
            </p>
          ) : null}
          {order.deliverer && (order.statusKey === 3 || order.statusKey === 15) ? (
            <p className="tc-small tc-muted">{FIELD_TEXTS.deliverer(order.deliverer)}</p>
          ) : null}
        </div>
      )}
      {order.comments ? (
        <p className="tc-small tc-note">
          <strong>{FIELD_TEXTS.comments}:</strong> {order.comments}
        </p>
      ) : null}

      <div className="tc-actions">
        {cardActions(order.actions).map((action) => (
          <button
            key={action}
            type="button"
            className={MAIN[action] ? 'tc-button tc-main' : 'tc-button'}
            onClick={() => onAction(action)}
            disabled={busy || queued}
            aria-busy={busy && MAIN[action] ? true : undefined}
          >
            {busy && MAIN[action] ? <span className="tc-spinner" aria-hidden="true" /> : null}
            {FIELD_TEXTS.actions[action]}
          </button>
        ))}
      </div>
    </article>
  );
}
