import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../lib/format';
import type { OrderAmountLine } from './order-format';

/**
 * The lines of an order's total (`orderAmountLines`), one row each, the total last and bold; `extra` lines
 * (e.g. a report's returned goods) follow it. Used by the order details and the report dialogs.
 */
export function OrderAmountsTable({
  id,
  title,
  lines,
}: {
  /** The heading's id (the table is labelled by it). */
  id: string;
  title: string;
  lines: readonly Pick<OrderAmountLine, 'label' | 'amount'>[];
}) {
  const last = lines.length - 1;
  return (
    <>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Table size="small" aria-labelledby={id} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={line.label}>
              <TableCell
                component="th"
                scope="row"
                sx={{ color: 'text.secondary', fontWeight: index === last ? 700 : 400 }}
              >
                {line.label}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: index === last ? 700 : 400 }}>
                {formatMoney(line.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
