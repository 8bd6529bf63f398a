import { type SellingProduct, shownEmail } from '@backoffice/contract';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import { PRODUCT_CODE_FORMATS } from '../../../components/barcode-detection';
import { formatMoney } from '../../../lib/format';
import { useAddToCart, useProductSearch, useScanToCart, useSetCartQuantity } from '../api/selling-api';
import type { SelectedCustomer } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { QuantityDialog, type QuantityTarget } from './quantity-dialog';
import { SearchField } from './search-field';

/** The camera scanner loads (with its WebAssembly) only when 'Escanear' is pressed. */
const BarcodeScanner = lazy(() => import('../../../components/barcode-scanner'));

interface Props {
  customer: SelectedCustomer;
  /** Products in the customer's cart (the badge). */
  cartCount: number;
  onOpenCart(): void;
  onChangeCustomer(): void;
}

interface StepProps extends Props {
  /** The search shown when the step opens again (back from the cart). */
  lastSearch: string | null;
  onSearched(text: string): void;
  /** Units of each product already in the cart (the product id's line). */
  inCart: ReadonlyMap<number, number>;
}

/** 'Cliente selecionado:' with the customer, and the cart icon whose badge counts the products in the cart. */
export function SelectedCustomerBar({ customer, cartCount, onOpenCart, onChangeCustomer }: Props) {
  const label = cartCount > 0 ? T.cartWithItems(cartCount) : T.cartEmpty;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {T.selectedCustomer}{' '}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {customer.name}
        </Typography>
        {customer.levelName ? (
          <Chip size="small" label={T.level(customer.levelName)} sx={{ ml: 1, verticalAlign: 'text-bottom' }} />
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {shownEmail(customer.email)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
        <Button size="small" onClick={onChangeCustomer}>
          {T.changeCustomer}
        </Button>
        <Tooltip title={label}>
          {/* The span keeps the tooltip working while the button is disabled (empty cart). */}
          <span>
            <IconButton aria-label={label} onClick={onOpenCart} disabled={cartCount === 0} color="primary" size="large">
              <Badge badgeContent={cartCount} color="secondary" showZero={false}>
                <ShoppingCartOutlinedIcon />
              </Badge>
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Paper>
  );
}

function ProductImage({ url, name }: { url: string | undefined; name: string }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken)
    return (
      <Box
        sx={{
          height: 140,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <ImageNotSupportedOutlinedIcon aria-label={T.noImage} />
      </Box>
    );
  return (
    <Box
      component="img"
      src={url}
      alt={name}
      loading="lazy"
      onError={() => setBroken(true)}
      sx={{ height: 140, width: '100%', objectFit: 'contain', bgcolor: '#fff', display: 'block' }}
    />
  );
}

/** Step 2: search the products (price for the customer's level), pick a quantity, add to the cart. */
export function ProductSearchStep(props: StepProps) {
  const { customer } = props;
  const [search, setSearch] = useState<string | null>(props.lastSearch);
  const results = useProductSearch(customer, search);
  const [target, setTarget] = useState<QuantityTarget | null>(null);
  const addToCart = useAddToCart(customer.id, { closeDialog: () => setTarget(null) });
  const setQuantity = useSetCartQuantity(customer.id, { closeDialog: () => setTarget(null) });
  const scanToCart = useScanToCart(customer.id);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const products = results.data ?? [];
  const notFound = results.isError || (results.isSuccess && products.length === 0);

  const focusCard = (index: number) => buttonsRef.current[index]?.focus();
  const onCardKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') focusCard(Math.min(index + 1, products.length - 1));
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      if (index === 0) inputRef.current?.focus();
      else focusCard(index - 1);
    } else return;
    event.preventDefault();
  };
  // The dialog sets the cart line (at most the stock): a product in the cart opens at its quantity.
  const open = (product: SellingProduct) =>
    setTarget({
      productId: product.productId,
      name: product.name,
      price: product.priceDiscounted,
      stock: product.stock,
      inCart: props.inCart.get(product.productId) ?? 0,
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SelectedCustomerBar
        customer={customer}
        cartCount={props.cartCount}
        onOpenCart={props.onOpenCart}
        onChangeCustomer={props.onChangeCustomer}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <SearchField
            label={T.productSearch}
            initialText={props.lastSearch ?? ''}
            onSearch={(text) => {
              setSearch(text);
              props.onSearched(text);
            }}
            onArrowDown={() => focusCard(0)}
            inputRef={inputRef}
          />
        </Box>
        <Box sx={{ pt: 1, flexShrink: 0 }}>
          <Suspense fallback={null}>
            <BarcodeScanner
              single
              formats={PRODUCT_CODE_FORMATS}
              label={T.scanLabel}
              onDetected={(code) => {
                scanToCart.mutate(code);
                return true;
              }}
            />
          </Suspense>
        </Box>
      </Box>
      {scanToCart.isPending ? <CircularProgress size={20} aria-label={T.loading} /> : null}
      {results.isFetching ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : null}
      {!results.isFetching && notFound ? (
        <Alert severity="info" role="status">
          {T.noResults}
        </Alert>
      ) : null}
      {!notFound && products.length > 0 ? (
        <Box
          component="ul"
          aria-label={T.productsFound}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
          }}
        >
          {products.map((product, index) => (
            <Card
              component="li"
              key={product.productId}
              variant="outlined"
              sx={{ display: 'flex', flexDirection: 'column' }}
            >
              <ProductImage url={product.imagesUrl[0]} name={product.name} />
              <CardContent sx={{ flexGrow: 1, pb: 1 }}>
                <Typography component="h3" variant="subtitle2" sx={{ wordBreak: 'break-word' }}>
                  {product.name}
                </Typography>
                <Typography variant="h6" component="p" color="primary">
                  {formatMoney(product.priceDiscounted)}
                </Typography>
                <Typography variant="caption" component="p" color={product.stock > 0 ? 'text.secondary' : 'error'}>
                  {product.stock > 0 ? T.inStock(product.stock) : T.outOfStock}
                </Typography>
                {props.inCart.get(product.productId) ? (
                  <Typography variant="caption" component="p" color="success.dark" sx={{ fontWeight: 600 }}>
                    {T.inCart(props.inCart.get(product.productId) ?? 0)}
                  </Typography>
                ) : null}
              </CardContent>
              <CardActions sx={{ pt: 0 }}>
                <Button
                  fullWidth
                  variant="contained"
                  startIcon={<AddShoppingCartIcon />}
                  aria-label={T.addNamed(product.name)}
                  disabled={product.stock < 1}
                  ref={(button) => {
                    buttonsRef.current[index] = button;
                  }}
                  onClick={() => open(product)}
                  onKeyDown={(event) => onCardKeyDown(event, index)}
                >
                  {T.add}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      ) : null}
      <QuantityDialog
        product={target}
        sending={addToCart.isPending || setQuantity.isPending}
        onClose={() => setTarget(null)}
        onChoose={(product, quantity) => {
          if (product.inCart > 0) setQuantity.mutate({ productId: product.productId, quantity });
          else addToCart.mutate({ productId: product.productId, quantity });
        }}
      />
    </Box>
  );
}
