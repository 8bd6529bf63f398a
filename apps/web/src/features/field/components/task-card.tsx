import { DELIVERY_TYPES, ORDER_STATUS, type OrderAction, type TaskKind, type TaskOrder } from '@backoffice/contract';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { OrderStatusChip } from '../../../components/orders/order-status-chip';
import { formatCep, formatMoney, formatPhone } from '../../../lib/format';
import { FIELD_TEXTS } from '../texts';

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

/** "Rua das Flores, 123 - Apto 4"; city, state and ZIP on a second line. */
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

export function addressLines(address: TaskOrder['address']): string[] {
  const street = [address.street, address.number].filter(Boolean).join(', ');
  const first = [street, address.complement].filter(Boolean).join(' - ');
  const zip = formatCep(address.zipCode);
  const place = [address.city, address.state].filter(Boolean).join('/');
  const second = [place, zip].filter(Boolean).join(' · ');
  return [first, second].filter(Boolean);
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

/** One order of "Minhas tarefas": what to separate, or where to deliver, and big buttons for the moves. */
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
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 'auto', letterSpacing: 0.5 }}>
            {order.code}
          </Typography>
          {order.fastDelivery && !FAST_STATUSES.includes(order.statusKey) ? (
            <Chip
              size="small"
              label={FIELD_TEXTS.fast}
              sx={{ bgcolor: '#fee2e2', color: '#991b1b', fontWeight: 600 }}
            />
          ) : null}
          {order.deliveryType === DELIVERY_TYPES.PICKUP ? <Chip size="small" label={FIELD_TEXTS.pickup} /> : null}
          {queued ? <Chip size="small" color="warning" label={FIELD_TEXTS.offline.queuedChip} /> : null}
          <OrderStatusChip status={order.statusKey} />
        </Box>
        <Typography sx={{ fontWeight: 600 }}>{order.customer}</Typography>

        {kind === 'packing' ? (
          <Box>
            <Typography variant="body2" color="text.secondary">
              {FIELD_TEXTS.items}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {order.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the items of an order never reorder
                <Typography component="li" key={index} sx={{ fontSize: 17 }}>
                  {FIELD_TEXTS.itemLine(item.quantity, item.name)}
                </Typography>
              ))}
            </Box>
            {order.stocker && order.statusKey !== 1 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {FIELD_TEXTS.stocker(order.stocker)}
              </Typography>
            ) : null}
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <PlaceOutlinedIcon fontSize="small" sx={{ mt: 0.25, color: 'text.secondary' }} aria-hidden />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary" component="p">
                  {FIELD_TEXTS.address}
                </Typography>
                {address.length ? (
                  address.map((text) => (
                    <Typography key={text} sx={{ overflowWrap: 'anywhere' }}>
                      {text}
                    </Typography>
                  ))
                ) : (
                  <Typography>{FIELD_TEXTS.notAvailable}</Typography>
                )}
                <Typography sx={{ fontWeight: 600 }}>
                  {FIELD_TEXTS.neighborhood}: {order.address.neighborhood ?? FIELD_TEXTS.notAvailable}
                </Typography>
                {address.length ? (
                  <Link
                    href={mapHref(order.address)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={FIELD_TEXTS.openMapLabel(address.join(', '))}
                    sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, fontWeight: 600 }}
                  >
                    {FIELD_TEXTS.openMap}
                  </Link>
                ) : null}
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <PhoneOutlinedIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
              <Link
                href={telHref(order.customerPhone)}
                aria-label={FIELD_TEXTS.call(formatPhone(order.customerPhone))}
                sx={{
                  fontSize: 17,
                  fontWeight: 600,
                  py: 1,
                  minHeight: 44,
                  display: 'inline-flex',
                  alignItems: 'center',
                }}
              >
                {formatPhone(order.customerPhone)}
              </Link>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              <Typography>
                {FIELD_TEXTS.total}: <strong>{formatMoney(order.total)}</strong>
              </Typography>
              <Typography>
                {FIELD_TEXTS.payment}: <strong>{order.payment}</strong>
                {order.paymentMethod === 'CASH' ? ` (${FIELD_TEXTS.collect})` : null}
              </Typography>
            </Box>
            {order.paymentMethod === 'CASH' && order.changeFor && order.changeFor > order.total ? (
              <Typography sx={{ fontWeight: 600 }}>
                {FIELD_TEXTS.changeFor(
                  formatMoney(order.changeFor),
                  formatMoney(Math.round((order.changeFor - order.total) * 100) / 100),
                )}
              </Typography>
            ) : null}
            {order.deliverer && (order.statusKey === 3 || order.statusKey === 15) ? (
              <Typography variant="body2" color="text.secondary">
                {FIELD_TEXTS.deliverer(order.deliverer)}
              </Typography>
            ) : null}
          </Box>
        )}
        {order.comments ? (
          <Typography variant="body2" sx={{ bgcolor: '#f8fafc', borderRadius: 1, px: 1.5, py: 1 }}>
            <strong>{FIELD_TEXTS.comments}:</strong> {order.comments}
          </Typography>
        ) : null}

        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, mt: 0.5 }}>
          {cardActions(order.actions).map((action) => (
            <Button
              key={action}
              onClick={() => onAction(action)}
              disabled={busy || queued}
              variant={MAIN[action] ? 'contained' : 'outlined'}
              color={MAIN[action] ? 'primary' : 'inherit'}
              size="large"
              sx={{ minHeight: 52, fontSize: 16, flex: { sm: 1 } }}
              startIcon={busy && MAIN[action] ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {FIELD_TEXTS.actions[action]}
            </Button>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
