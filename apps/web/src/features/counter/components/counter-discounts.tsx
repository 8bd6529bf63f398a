import { centsToReais, formatBRL } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

const money = (cents: number) => formatBRL(centsToReais(cents));

/**
 * The discounts in the totals: the lines' own and the order's (as the contract's arithmetic worked them out), a
 * discount that cannot apply (above its line's or the goods' value), and the server's refusal of the last
 * 'Concluir venda' (a discount above the seller's maximum says so in the server's words).
 */
export function CounterDiscounts({
  figures,
  refusal,
}: {
  figures: { linesDiscountCents: number; orderDiscountCents: number; discountError: string | null };
  refusal: string | null;
}) {
  return (
    <>
      {figures.linesDiscountCents > 0 && (
        <Typography color="success.main">
          {T.linesDiscount}: − {money(figures.linesDiscountCents)}
        </Typography>
      )}
      {figures.orderDiscountCents > 0 && (
        <Typography color="success.main">
          {T.orderDiscount}: − {money(figures.orderDiscountCents)}
        </Typography>
      )}
      {figures.discountError && <Alert severity="error">{figures.discountError}</Alert>}
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </>
  );
}
