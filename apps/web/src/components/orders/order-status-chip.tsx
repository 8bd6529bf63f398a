import type { ChipProps } from '@mui/material/Chip';
import { ToneChip } from '../status-chip';
import { orderStatusLabel, orderStatusTone } from './order-format';

/** An order status as a small coloured chip with its Portuguese label. */
export function OrderStatusChip({ status, size = 'small' }: { status: number; size?: ChipProps['size'] }) {
  return <ToneChip label={orderStatusLabel(status)} tone={orderStatusTone(status)} size={size} />;
}
