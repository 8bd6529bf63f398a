import { describe, it } from 'vitest';
import { PURCHASE_AND_CASH_DIALOGS } from './writing-dialogs/purchases-cash';
import { FAILURES, staysOpenUntilSuccess } from './writing-dialogs/stays-open';

/**
 * Issue 34 §6 (decision 0004), the dialogs of 'Compras' (suppliers, bills to pay) and 'Caixa' (the cash registers):
 * see writing-dialogs/stays-open.ts.
 */

describe.each(PURCHASE_AND_CASH_DIALOGS)('the writing dialog $dialog', (dialogCase) => {
  it.each(FAILURES)(
    'stays open with what was typed after $label; only a success closes it (or shows its result)',
    ({ answer }) => staysOpenUntilSuccess(dialogCase, answer),
  );
});
