import { TRADE_IN_STATUS_LABELS, type TradeInStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';

const COLORS: Record<TradeInStatus, 'default' | 'success' | 'error' | 'primary'> = {
  OPEN: 'primary',
  ACCEPTED: 'success',
  BLOCKED: 'error',
  CANCELLED: 'default',
};

/** A trade-in's situation: 'Em avaliação', 'Aceito', 'Impedido', 'Cancelado'. */
export function TradeInStatusChip({ status }: { status: TradeInStatus }) {
  // 'Em avaliação' outlined: white on the light blue of a filled chip does not pass AA (3,85:1).
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'OPEN' ? 'outlined' : 'filled'}
      label={TRADE_IN_STATUS_LABELS[status]}
    />
  );
}
