import { describe, expect, it } from 'vitest';
import type { WritingDialogCase } from './writing-dialogs/case';
import { CUSTOMER_DIALOGS } from './writing-dialogs/customers';
import { ORDER_DIALOGS } from './writing-dialogs/orders';
import { PRODUCT_AND_FISCAL_DIALOGS } from './writing-dialogs/products-fiscal';
import { PURCHASE_AND_CASH_DIALOGS } from './writing-dialogs/purchases-cash';
import { SETTINGS_DIALOGS } from './writing-dialogs/settings';

/**
 * Issue 34 §6 (decision 0004): every dialog that writes stays open with what was typed when its write gets no
 * answer or a server error, and only a success closes it (`useApiMutation`'s `closeDialog`). The cases walk
 * them: one case per dialog, each opened in the screen that owns its write, filled, sent with the connection
 * lost and with a 503, then sent again with the server answering (writing-dialogs/stays-open.ts). They are
 * written in writing-dialogs/*.tsx and run by topic in writing-dialogs.<topic>.test.tsx; this file checks that
 * every file drawing a writing dialog has a case.
 */

export const WRITING_DIALOGS: WritingDialogCase[] = [
  ...PURCHASE_AND_CASH_DIALOGS,
  ...CUSTOMER_DIALOGS,
  ...ORDER_DIALOGS,
  ...SETTINGS_DIALOGS,
  ...PRODUCT_AND_FISCAL_DIALOGS,
];

/**
 * Files that draw a dialog with a form or a write but have no case above, each with why. A new dialog that
 * writes fails the walk until it gets a case (or, if it writes nothing, a reason here).
 */
const NOT_WALKED: Record<string, string> = {
  'components/form/form-dialog.tsx': 'the shell of the form dialogs: walked through each of them',
  'features/customers/components/history-dialog.tsx': "reads a period's orders: its form writes nothing",
  'features/field/components/field-dialog.tsx':
    "the field phone's moves: kept on the phone and sent later (decision 0009), tasks-page.test.tsx",
  'app/layout/discount-approvals-dialog.tsx':
    "a list of requests, not a form (decision 0045): approving is one click, a refusal's reason is typed in its card; walked by the browser journey e2e/discounts.spec.ts (a refusal without its reason refused, the approval)",
  'features/fiscal-notes/components/month-xmls-dialog.tsx':
    "downloads a file (GET /fiscal/notes/xml.zip), writes nothing: walked in fiscal-notes-page.test.tsx ('XMLs do mês')",
  'components/import-dialog.tsx':
    "uploads by XMLHttpRequest behind a confirmation: walked in import-dialog.test.tsx (no answer and a 503 on 'Importar' keep the preview, the retry sends the same Idempotency-Key)",
};

/** The app's source files, as text, by their path under apps/web/src. */
const SOURCES = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../**/*.tsx', { query: '?raw', import: 'default', eager: true }))
    .filter(([file]) => !file.endsWith('.test.tsx') && !file.startsWith('../test/'))
    .map(([file, text]) => [file.slice(3), text]),
);

/** A file that draws a dialog holding a form or sending a write. */
const drawsWritingDialog = (text: string) =>
  /from '@mui\/material\/Dialog'|<(Form|CustomerForm)Dialog\b/.test(text) &&
  /useApiMutation|useOrderMove|uploadForm|handleSubmit|<form\b|type="submit"|<SubmitButton\b/.test(text);

describe('the walk of the writing dialogs', () => {
  it('has a case for every file that draws a dialog that writes (or says why not)', () => {
    const walked = new Set(WRITING_DIALOGS.flatMap((dialogCase) => dialogCase.files));
    const found = Object.entries(SOURCES)
      .filter(([, text]) => drawsWritingDialog(text))
      .map(([file]) => file);
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((file) => !walked.has(file) && !(file in NOT_WALKED))).toEqual([]);
    // Every case names a file that still draws such a dialog.
    for (const file of [...walked, ...Object.keys(NOT_WALKED)]) expect(SOURCES[file], file).toBeDefined();
  });
});
