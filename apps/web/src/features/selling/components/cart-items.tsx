import {
  type CartItem,
  type Discount,
  type PreCheckoutResponse,
  roundReais,
  type SaleDiscounts,
} from '@backoffice/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DiscountField } from '../../../components/discount-field';
import { formatMoney } from '../../../lib/format';
import { useRemoveFromCart, useSetCartQuantity } from '../api/selling-api';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { QuantityInput } from './quantity-dialog';

function ItemImage({ url, name }: { url: string | undefined; name: string }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 64, height: 64, flexShrink: 0, borderRadius: 1, bgcolor: '#fff' };
  if (!url || broken)
    return (
      <Box sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
        <ImageNotSupportedOutlinedIcon aria-label={T.noImage} />
      </Box>
    );
  return (
    <Box component="img" src={url} alt={name} onError={() => setBroken(true)} sx={{ ...box, objectFit: 'contain' }} />
  );
}

interface CartItemsProps {
  customerId: number;
  items: CartItem[];
  /** The discounts typed per line, and what the server made of them (issue 38). */
  typed: SaleDiscounts | undefined;
  priced: PreCheckoutResponse['discounts'];
  onLineDiscount(productId: number, discount: Discount | undefined): void;
}

/** The cart's lines: each with its picture, quantity, price (after its discount), discount and 'Remover'. */
export function CartItems({ customerId, items, typed, priced, onLineDiscount }: CartItemsProps) {
  const remove = useRemoveFromCart(customerId);
  const setQuantity = useSetCartQuantity(customerId);
  return (
    <List disablePadding aria-label={T.cartItems}>
      {items.map((item, index) => (
        <ListItem
          key={item.productId}
          divider={index < items.length - 1}
          sx={{ gap: 1.5, px: 0, alignItems: 'center' }}
          secondaryAction={
            <IconButton edge="end" aria-label={T.remove(item.name)} onClick={() => remove.mutate(item)}>
              <DeleteOutlinedIcon />
            </IconButton>
          }
        >
          <ItemImage url={item.imageUrls[0]} name={item.name} />
          <Box sx={{ minWidth: 0, flexGrow: 1, pr: 5 }}>
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{item.name}</Typography>
            <Box sx={{ my: 0.5 }}>
              <QuantityInput
                size="small"
                value={item.quantity}
                stock={Math.max(1, item.stock)}
                label={T.quantity}
                of={item.name}
                disabled={setQuantity.isPending || item.archived}
                onCommit={(quantity) => setQuantity.mutate({ productId: item.productId, quantity })}
              />
            </Box>
            <Typography variant="body2">
              {T.totalPrice}: <strong>{formatMoney(item.totalPrice)}</strong>
              {(() => {
                const off = priced?.refusal
                  ? 0
                  : (priced?.lines.find((l) => l.productId === item.productId)?.discount ?? 0);
                return off > 0 ? (
                  <Box component="span" sx={{ color: 'success.main', ml: 0.5 }}>
                    {T.lineAfterDiscount(formatMoney(off), formatMoney(roundReais(item.totalPrice - off)))}
                  </Box>
                ) : null;
              })()}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <DiscountField
                label={T.lineDiscountShort}
                value={typed?.lines?.find((line) => line.productId === item.productId)}
                onChange={(discount) => onLineDiscount(item.productId, discount)}
              />
            </Box>
            {item.archived || item.quantity > item.stock ? (
              <Typography variant="body2" color="error">
                {item.archived ? T.itemArchived : T.itemAboveStock(item.stock)}
              </Typography>
            ) : null}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
