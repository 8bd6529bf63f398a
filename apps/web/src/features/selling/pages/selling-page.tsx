import { type Discount, parseCreditTerms } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { PageHeader } from '../../../components/page-header';
import { isNoAnswer } from '../../../lib/api-client';
import { useCheckout, usePreCheckout } from '../api/selling-api';
import { CartStep } from '../components/cart-step';
import { CustomerSearchStep } from '../components/customer-search-step';
import { OrderCompletedStep } from '../components/order-completed-step';
import { ProductSearchStep } from '../components/product-search-step';
import {
  type CartChoices,
  discountsFor,
  initialSellingState,
  type SellingStep,
  sellingReducer,
} from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

const STEP_INDEX: Record<SellingStep, number> = { clientSearch: 0, productSearch: 1, cart: 2, orderCompleted: 3 };

/** The cart (and the badge's count) of the selected customer for the current choices. */
function useCart(customerId: number | null, choices: CartChoices) {
  return usePreCheckout(customerId ?? 0, choices, customerId !== null);
}

/** Selling (/admin/selling): search a customer, add products, choose delivery and payment, check out. */
export default function SellingPage() {
  const [state, dispatch] = useReducer(sellingReducer, initialSellingState);
  const cart = useCart(state.customer?.id ?? null, state.choices);
  /** The key of the current checkout attempt: reused by a retry, new once anything in the order changes. */
  const attemptKey = useRef<string | null>(null);
  const checkout = useCheckout((answer, request) => {
    attemptKey.current = null;
    dispatch({
      type: 'orderCompleted',
      code: answer.code,
      pixOrderId: request.choices.payment === 'pix' ? answer.orderId : null,
      // A sale on credit: its plan, which the answer does not repeat, for the confirmation.
      placed:
        request.choices.payment === 'credit' && request.choices.creditTerms
          ? { ...answer, creditTerms: parseCreditTerms(request.choices.creditTerms) ?? undefined }
          : answer,
    });
  });
  /** Set at the click itself: a second click before the button disables sends nothing. */
  const sending = useRef(false);
  /** The product search of this customer, shown again when the attendant comes back from the cart. */
  const lastProductSearch = useRef<{ customerId: number; text: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the order's content starts a new attempt.
  useEffect(() => {
    attemptKey.current = null;
  }, [state.customer, state.choices, state.proof, cart.data?.cart.items, cart.data?.total]);

  // Opening the cart asks the server again (prices and stock may have moved since the badge was counted).
  const { refetch } = cart;
  useEffect(() => {
    if (state.step === 'cart') void refetch();
  }, [state.step, refetch]);

  const choose = useCallback((choices: Partial<CartChoices>) => dispatch({ type: 'choose', choices }), []);
  const discount = useCallback(
    (productId: number | undefined, value: Discount | undefined, productIds: readonly number[]) =>
      dispatch({ type: 'discount', productId, discount: value, productIds }),
    [],
  );

  const finish = () => {
    if (!state.customer || !cart.data || sending.current) return;
    sending.current = true;
    attemptKey.current ??= crypto.randomUUID();
    checkout.mutate(
      {
        customerId: state.customer.id,
        choices: {
          ...state.choices,
          discounts: discountsFor(
            state.choices.discounts,
            cart.data.cart.items.map((item) => item.productId),
          ),
        },
        receipt: state.proof?.base64 ?? null,
        expectedTotal: cart.data.total,
        idempotencyKey: attemptKey.current,
        // A manager's approval of a discount above the seller's maximum, when it covers this very sale (decision 0045).
        ...(cart.data.discounts?.approval?.covers ? { discountApprovalId: cart.data.discounts.approval.id } : {}),
      },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const cartCount = cart.data?.cart.items.length ?? 0;
  const inCart = useMemo(
    () => new Map((cart.data?.cart.items ?? []).map((item) => [item.productId, item.quantity])),
    [cart.data],
  );
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader title={T.title} />
      <Stepper
        activeStep={STEP_INDEX[state.step]}
        alternativeLabel
        sx={{ mb: 3, display: { xs: 'none', sm: 'flex' } }}
        aria-label={T.stepsLabel}
      >
        {T.steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {state.step === 'clientSearch' ? (
        <CustomerSearchStep onSelect={(customer) => dispatch({ type: 'selectCustomer', customer })} />
      ) : null}
      {state.step === 'productSearch' && state.customer ? (
        <ProductSearchStep
          customer={state.customer}
          cartCount={cartCount}
          inCart={inCart}
          lastSearch={
            lastProductSearch.current?.customerId === state.customer.id ? lastProductSearch.current.text : null
          }
          onSearched={(text) => {
            if (state.customer) lastProductSearch.current = { customerId: state.customer.id, text };
          }}
          onOpenCart={() => dispatch({ type: 'openCart' })}
          onChangeCustomer={() => dispatch({ type: 'changeCustomer' })}
        />
      ) : null}
      {state.step === 'cart' && state.customer ? (
        <CartStep
          customer={state.customer}
          choices={state.choices}
          proof={state.proof}
          preCheckout={cart.data}
          loading={cart.isFetching}
          // A cart read that got no answer keeps the cart already shown (decision 0004): the checkout sends
          // the total it shows, and the server refuses it if the cart moved meanwhile.
          failed={cart.isError && !(cart.data && isNoAnswer(cart.error))}
          sending={checkout.isPending}
          onChoose={choose}
          onDiscount={discount}
          onProof={(proof) => dispatch({ type: 'setProof', proof })}
          onBack={() => dispatch({ type: 'backToProducts' })}
          onFinish={finish}
        />
      ) : null}
      {state.step === 'orderCompleted' && state.orderCode ? (
        <OrderCompletedStep
          customerName={state.customer?.name ?? ''}
          code={state.orderCode}
          pixOrderId={state.pixOrderId}
          placed={state.placed}
          onNewSale={() => dispatch({ type: 'newSale' })}
        />
      ) : null}
    </Box>
  );
}
