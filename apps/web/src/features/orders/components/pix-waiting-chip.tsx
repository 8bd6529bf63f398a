import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import Chip from '@mui/material/Chip';
import { STATUS_TONE_COLORS } from '../../../components/orders/order-format';
import { ORDERS_PAGE_TEXTS as T } from '../texts';

const { bg, fg } = STATUS_TONE_COLORS.done;

/**
 * 'Pix recebido' on an order's row and on its status's card (issue 35 §4): the bank confirmed its Pix and it
 * waits for an employee's click ('Pix automático' off); `compact` (the row, beside a name) without the icon. Money arrived: the colours of a done status (they pass AA),
 * apart from the waiting status's amber beside it. A span: it sits inside the status card's button too.
 */
export function PixWaitingChip({ label = T.pixWaiting.chip, compact = false }: { label?: string; compact?: boolean }) {
  return (
    <Chip
      component="span"
      size="small"
      icon={compact ? undefined : <PaidOutlinedIcon aria-hidden />}
      label={label}
      sx={{
        bgcolor: bg,
        color: fg,
        fontWeight: 600,
        border: 1,
        borderColor: fg,
        flexShrink: 0,
        '& .MuiChip-icon': { color: 'inherit' },
      }}
    />
  );
}
