import { describe, it } from 'vitest';
import { PRODUCT_AND_FISCAL_DIALOGS } from './writing-dialogs/products-fiscal';
import { FAILURES, staysOpenUntilSuccess } from './writing-dialogs/stays-open';

/**
 * Issue 34 §6 (decision 0004), the dialogs of 'Produtos' (stock entry, brands, IMEIs), the selling page's quantity
 * and the fiscal notes: see writing-dialogs/stays-open.ts.
 */

describe.each(PRODUCT_AND_FISCAL_DIALOGS)('the writing dialog $dialog', (dialogCase) => {
  it.each(FAILURES)(
    'stays open with what was typed after $label; only a success closes it (or shows its result)',
    ({ answer }) => staysOpenUntilSuccess(dialogCase, answer),
  );
});
