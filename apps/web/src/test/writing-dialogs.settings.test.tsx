import { describe, it } from 'vitest';
import { SETTINGS_DIALOGS } from './writing-dialogs/settings';
import { FAILURES, staysOpenUntilSuccess } from './writing-dialogs/stays-open';

/**
 * Issue 34 §6 (decision 0004), the dialogs of 'Configurações' (bank, company, fiscal, first run, WhatsApp, Pix
 * received), 'Regras' and 'Funcionários': see writing-dialogs/stays-open.ts.
 */

describe.each(SETTINGS_DIALOGS)('the writing dialog $dialog', (dialogCase) => {
  it.each(FAILURES)(
    'stays open with what was typed after $label; only a success closes it (or shows its result)',
    ({ answer }) => staysOpenUntilSuccess(dialogCase, answer),
  );
});
