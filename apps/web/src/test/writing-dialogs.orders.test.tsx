import { describe, it } from 'vitest';
import { ORDER_DIALOGS } from './writing-dialogs/orders';
import { FAILURES, staysOpenUntilSuccess } from './writing-dialogs/stays-open';

/**
 * Issue 34 §6 (decision 0004), the dialogs of 'Pedidos' (moves, courier, approval, discount, edition, returns), the
 * courier's settlement and the quote: see writing-dialogs/stays-open.ts.
 */

describe.each(ORDER_DIALOGS)('the writing dialog $dialog', (dialogCase) => {
  it.each(FAILURES)(
    'stays open with what was typed after $label; only a success closes it (or shows its result)',
    ({ answer }) => staysOpenUntilSuccess(dialogCase, answer),
  );
});
