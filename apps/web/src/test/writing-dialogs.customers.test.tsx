import { describe, it } from 'vitest';
import { CUSTOMER_DIALOGS } from './writing-dialogs/customers';
import { FAILURES, staysOpenUntilSuccess } from './writing-dialogs/stays-open';

/**
 * Issue 34 §6 (decision 0004), the dialogs of 'Clientes' (approval, blocking, edition, courier, registration,
 * credit) and 'Contas a receber': see writing-dialogs/stays-open.ts.
 */

describe.each(CUSTOMER_DIALOGS)('the writing dialog $dialog', (dialogCase) => {
  it.each(FAILURES)(
    'stays open with what was typed after $label; only a success closes it (or shows its result)',
    ({ answer }) => staysOpenUntilSuccess(dialogCase, answer),
  );
});
