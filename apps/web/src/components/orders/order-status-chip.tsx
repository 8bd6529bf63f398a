import Chip, { type ChipProps } from '@mui/material/Chip';
import { orderStatusLabel, orderStatusTone, STATUS_TONE_COLORS } from './order-format';

/** An order status as a small coloured chip with its Portuguese label. */
export function OrderStatusChip({ status, size = 'small' }: { status: number; size?: ChipProps['size'] }) {
  const colors = STATUS_TONE_COLORS[orderStatusTone(status)];
  return (
    <Chip
      size={size}
      label={orderStatusLabel(status)}
      data-tone={orderStatusTone(status)}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}
