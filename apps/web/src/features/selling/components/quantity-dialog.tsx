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
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

export interface QuantityTarget {
  productId: number;
  name: string;
  /** Reais, already discounted for the customer's level. */
  price: number;
  /** The product's whole stock: the most its cart line may hold. */
  stock: number;
  /** How many are in the cart already (0: none): the dialog starts there and sets the line to what is chosen. */
  inCart: number;
}

interface Props {
  product: QuantityTarget | null;
  sending: boolean;
  onClose(): void;
  /** The quantity the cart line is to hold (not a number to add to it). */
  onChoose(product: QuantityTarget, quantity: number): void;
}

/** Section 5: at least 1, at most the stock; typed values outside are pulled back in. */
export function clampQuantity(value: number, stock: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, stock));
}

/**
 * Minus, the typed quantity and plus, kept within 1…stock (the quantity dialog's and each cart line's). A typed
 * value is taken on blur or Enter (`onCommit`); the buttons and the arrows take theirs at once.
 */
export function QuantityInput({
  value,
  stock,
  label,
  disabled = false,
  autoFocus = false,
  size,
  of,
  onChange,
  onCommit,
}: {
  value: number;
  stock: number;
  label: string;
  /** The product's name, when several inputs share a screen (the cart): each control says whose it is. */
  of?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  size?: 'small';
  /** Every valid value as it is typed or stepped (the dialog keeps it). */
  onChange?(quantity: number): void;
  /** A value settled: stepped, or typed then left or confirmed with Enter. */
  onCommit?(quantity: number): void;
}) {
  const [typed, setTyped] = useState(String(value));
  /** The last value sent through onCommit: Enter then leaving the field sends it once. */
  const committed = useRef(value);
  useEffect(() => {
    setTyped(String(value));
    committed.current = value;
  }, [value]);
  const settle = (next: number) => {
    const clamped = clampQuantity(next, stock);
    setTyped(String(clamped));
    onChange?.(clamped);
    if (clamped !== committed.current) {
      committed.current = clamped;
      onCommit?.(clamped);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton
        aria-label={of ? T.minusOf(of) : T.minus}
        size={size}
        onClick={() => settle(value - 1)}
        disabled={value <= 1 || disabled}
      >
        <RemoveIcon fontSize={size} />
      </IconButton>
      <TextField
        label={label}
        type="number"
        size={size}
        value={typed}
        autoFocus={autoFocus}
        onFocus={(event) => event.target.select()}
        onChange={(event) => {
          setTyped(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(next)) onChange?.(clampQuantity(next, stock));
        }}
        onBlur={() => settle(Number(typed))}
        onKeyDown={(event) => {
          // A line of its own (the cart) takes the typed value on Enter; in the dialog Enter submits its form.
          if (event.key === 'Enter' && onCommit) {
            event.preventDefault();
            settle(Number(typed));
            return;
          }
          // Arrows step within 1…stock (the same in every browser).
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            settle(value + (event.key === 'ArrowUp' ? 1 : -1));
          }
        }}
        slotProps={{
          htmlInput: {
            min: 1,
            max: stock,
            step: 1,
            inputMode: 'numeric',
            ...(of ? { 'aria-label': T.quantityOf(of) } : {}),
          },
        }}
        sx={{ width: size ? 110 : 190 }}
        disabled={disabled}
      />
      <IconButton
        aria-label={of ? T.plusOf(of) : T.plus}
        size={size}
        onClick={() => settle(value + 1)}
        disabled={value >= stock || disabled}
      >
        <AddIcon fontSize={size} />
      </IconButton>
    </Stack>
  );
}

/**
 * 'Alterar quantidade': the product, its available quantity and the chosen one (minus/plus), 'Adicionar'. For a
 * product already in the cart it starts at the cart's quantity and sets it (issue 35 §7: 20 typed is 20, not 21).
 */
export function QuantityDialog({ product, sending, onClose, onChoose }: Props) {
  const [quantity, setQuantity] = useState(1);
  useEffect(() => {
    if (product) setQuantity(Math.max(1, product.inCart));
  }, [product]);
  const stock = product?.stock ?? 0;

  return (
    <Dialog open={product !== null} onClose={sending ? undefined : onClose} fullWidth maxWidth="xs">
      {product ? (
        <form
          // Out-of-range typing is pulled back to 1…stock on submit, not blocked by the browser's bubble.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!sending) onChoose(product, clampQuantity(quantity, stock));
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
            {product.inCart > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {T.alreadyInCart(product.inCart)}
              </Typography>
            ) : null}
            <Stack sx={{ mt: 2 }}>
              <QuantityInput
                value={quantity}
                stock={stock}
                label={T.selected}
                autoFocus
                disabled={sending}
                onChange={setQuantity}
              />
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
              {product.inCart > 0 ? T.setQuantity : T.add}
            </Button>
          </DialogActions>
        </form>
      ) : null}
    </Dialog>
  );
}
