import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

export interface QuantityTarget {
  productId: number;
  name: string;
  /** Reais, already discounted for the customer's level. */
  price: number;
  stock: number;
}

interface Props {
  product: QuantityTarget | null;
  sending: boolean;
  onClose(): void;
  onAdd(product: QuantityTarget, quantity: number): void;
}

/** Section 5: at least 1, at most the stock; typed values outside are pulled back in. */
export function clampQuantity(value: number, stock: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, stock));
}

/** 'Alterar quantidade': the product, its available quantity and the chosen one (minus/plus), 'Adicionar'. */
export function QuantityDialog({ product, sending, onClose, onAdd }: Props) {
  const [quantity, setQuantity] = useState(1);
  const [typed, setTyped] = useState('1');
  useEffect(() => {
    if (product) {
      setQuantity(1);
      setTyped('1');
    }
  }, [product]);
  const stock = product?.stock ?? 0;
  const set = (value: number) => {
    const next = clampQuantity(value, stock);
    setQuantity(next);
    setTyped(String(next));
  };

  return (
    <Dialog open={product !== null} onClose={sending ? undefined : onClose} fullWidth maxWidth="xs">
      {product ? (
        <form
          // Out-of-range typing is pulled back to 1…stock on submit, not blocked by the browser's bubble.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!sending) onAdd(product, clampQuantity(Number(typed), stock));
          }}
        >
          <DialogTitle>{T.quantityTitle}</DialogTitle>
          <DialogContent>
            <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatMoney(product.price)}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {T.available}: <strong>{product.stock}</strong>
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
              <IconButton aria-label={T.minus} onClick={() => set(quantity - 1)} disabled={quantity <= 1 || sending}>
                <RemoveIcon />
              </IconButton>
              <TextField
                label={T.selected}
                type="number"
                value={typed}
                autoFocus
                onFocus={(event) => event.target.select()}
                onChange={(event) => {
                  setTyped(event.target.value);
                  const value = Number(event.target.value);
                  if (event.target.value !== '' && Number.isFinite(value)) setQuantity(clampQuantity(value, stock));
                }}
                onBlur={() => set(Number(typed))}
                onKeyDown={(event) => {
                  // Arrows step within 1…stock (the same in every browser).
                  if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                    event.preventDefault();
                    set(quantity + (event.key === 'ArrowUp' ? 1 : -1));
                  }
                }}
                slotProps={{ htmlInput: { min: 1, max: stock, step: 1, inputMode: 'numeric' } }}
                sx={{ width: 190 }}
                disabled={sending}
              />
              <IconButton aria-label={T.plus} onClick={() => set(quantity + 1)} disabled={quantity >= stock || sending}>
                <AddIcon />
              </IconButton>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={sending}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={sending || stock < 1}
              startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {T.add}
            </Button>
          </DialogActions>
        </form>
      ) : null}
    </Dialog>
  );
}
