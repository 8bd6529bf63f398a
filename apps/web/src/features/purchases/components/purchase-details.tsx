import {
  BONUS_COST_LABELS,
  ENTRY_PAYMENT_MODE_LABELS,
  formatDocument,
  INSTALMENTS_CHOICE_LABELS,
  type Purchase,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { COST_TEXTS as C, PURCHASES_TEXTS as T } from '../texts';
import { BILLING_TEXTS as B } from './billing-texts';

/** An entry: the note, each item's product, units, unit cost and the average it left, the IMEIs, and the bills. */
export function PurchaseDetails({ purchase }: { purchase: Purchase }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        {purchase.signatureStatus === 'ABSENT' ? (
          <Chip size="small" color="warning" label={T.unsignedEntry} sx={{ mb: 1 }} />
        ) : null}
        <Typography variant="body2">
          <strong>{T.supplier}:</strong> {purchase.supplier.name} ({formatDocument(purchase.supplier.document)})
        </Typography>
        <Typography variant="body2">
          <strong>{T.note(purchase.number, purchase.series)}</strong> · {T.issuedAt} {formatDate(purchase.issuedAt)} ·{' '}
          {T.total}: <strong>{formatMoney(purchase.total)}</strong>
        </Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {T.accessKey}: {purchase.accessKey}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.createdAt} {formatDateTime(purchase.createdAt)} · {T.createdBy} {purchase.createdBy} ·{' '}
          {purchase.signatureStatus === 'VALID' ? T.signed : T.unsigned}
          {purchase.signatureChain ? ` · ${T.chainShort[purchase.signatureChain]}` : ''}
          {purchase.unsignedReason ? ` — ${T.unsignedReasonLabel}: ${purchase.unsignedReason}` : ''}
        </Typography>
        {purchase.billing ? (
          <Typography variant="body2">
            <strong>{B.kept}:</strong>{' '}
            {[
              ENTRY_PAYMENT_MODE_LABELS[purchase.billing.mode],
              purchase.billing.dueDate ? formatDate(purchase.billing.dueDate) : null,
              purchase.billing.method ? B.methods[purchase.billing.method] : null,
              purchase.billing.instalmentsChoice ? INSTALMENTS_CHOICE_LABELS[purchase.billing.instalmentsChoice] : null,
              purchase.billing.advancePaid > 0 ? B.advancePaid(formatMoney(purchase.billing.advancePaid)) : null,
            ]
              .filter(Boolean)
              .join(' — ')}
          </Typography>
        ) : null}
        {purchase.costs.bonusCost ? (
          <Typography variant="body2">
            <strong>{C.bonusKept}:</strong> {formatMoney(purchase.costs.bonusValue)} —{' '}
            {BONUS_COST_LABELS[purchase.costs.bonusCost]}
          </Typography>
        ) : null}
        {purchase.costs.credits.total > 0 ? (
          <Typography variant="body2">
            <strong>{C.creditsTotal(formatMoney(purchase.costs.credits.total))}</strong> (
            {C.credits(
              formatMoney(purchase.costs.credits.icms),
              formatMoney(purchase.costs.credits.pis),
              formatMoney(purchase.costs.credits.cofins),
            )}
            )
          </Typography>
        ) : null}
      </Box>
      {/* Focusable: a phone scrolls the table sideways with the keyboard too. */}
      <TableContainer tabIndex={0} role="region" aria-label={T.items}>
        <Table size="small" aria-label={T.items}>
          <TableHead>
            <TableRow>
              <TableCell>{T.product}</TableCell>
              <TableCell align="right">{T.unitsLabel}</TableCell>
              <TableCell align="right">{C.entryCost}</TableCell>
              <TableCell align="right">{T.unitCost}</TableCell>
              <TableCell align="right">{T.costAfter}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {purchase.items.map((item) => (
              <TableRow key={item.line}>
                <TableCell sx={{ minWidth: 220 }}>
                  {item.product.code} · {item.product.name}
                  {item.bonus ? <Chip size="small" color="info" label={C.bonusChip} sx={{ ml: 1 }} /> : null}
                  <Typography variant="caption" color="text.secondary" component="p">
                    {T.item(item.line)}: {item.description} ({T.quantity(item.quantity, item.unit)}
                    {item.factor > 1 ? ` × ${item.factor}` : ''})
                  </Typography>
                  {item.credits.icms + item.credits.pis + item.credits.cofins > 0 ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {C.credits(
                        formatMoney(item.credits.icms),
                        formatMoney(item.credits.pis),
                        formatMoney(item.credits.cofins),
                      )}
                    </Typography>
                  ) : null}
                  {item.imeis.length > 0 ? (
                    <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace' }}>
                      IMEI: {item.imeis.join(', ')}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">{item.units}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(item.entryCost)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(item.unitCost)}
                  {item.centUnits !== 0 ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {C.centUnits(item.centUnits)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(item.costAfter)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TableContainer tabIndex={0} role="region" aria-label={T.instalments}>
        <Table size="small" aria-label={T.instalments}>
          <TableHead>
            <TableRow>
              <TableCell>{T.documentNumber}</TableCell>
              <TableCell>{T.dueDate}</TableCell>
              <TableCell align="right">{T.amount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {purchase.payables.map((bill) => (
              <TableRow key={bill.id}>
                <TableCell>{bill.documentNumber ?? '—'}</TableCell>
                <TableCell>{formatDate(bill.dueDate)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(bill.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
