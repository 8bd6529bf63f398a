import { formatCest, formatNcm, type Product, productOriginLabel } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.details;

function orMissing(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return T.missing;
  return String(value);
}

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? T.missing : `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

/** Product details (title = name): the section 2 rows, 'N/A' for missing values, and 150×150 images. */
export function ProductDetailsDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const rows: [string, string][] = product
    ? [
        [T.rows.reference, orMissing(product.reference)],
        [T.rows.cost, orMissing(formatMoney(product.cost))],
        [T.rows.sellPrice, orMissing(formatMoney(product.sellPrice))],
        [T.rows.stock, orMissing(product.stock)],
        [T.rows.serialized, product.serialized ? T.yes : T.no],
        [T.rows.barcode, orMissing(product.barcode)],
        [T.rows.stockAlert, orMissing(product.stockAlert)],
        [T.rows.brand, orMissing(product.brand)],
        [T.rows.gold, percent(product.discount?.goldPercentage)],
        [T.rows.bronze, percent(product.discount?.bronzePercentage)],
        [T.rows.silver, percent(product.discount?.silverPercentage)],
        [T.rows.description, orMissing(product.description)],
        [T.rows.ncm, product.ncm ? formatNcm(product.ncm) : T.missing],
        [T.rows.cest, product.cest ? formatCest(product.cest) : T.missing],
        [T.rows.unit, orMissing(product.unit)],
        [
          T.rows.origin,
          product.origin === null || product.origin === undefined ? T.missing : productOriginLabel(product.origin),
        ],
      ]
    : [];
  return (
    <Dialog open={product !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="product-details-title">
      <DialogTitle id="product-details-title">{product?.name}</DialogTitle>
      <DialogContent dividers>
        <Table size="small" aria-label={product?.name}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
                  {label}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box component="fieldset" sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {T.images}
          </Typography>
          {product?.images.length ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {product.images.map((image) => (
                <Box
                  key={image.url}
                  component="img"
                  src={image.url}
                  alt={image.name}
                  width={150}
                  height={150}
                  sx={{ objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
                />
              ))}
            </Box>
          ) : (
            <Typography color="text.secondary">{T.noImages}</Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
