import { DATABASE_UNAVAILABLE_TEXT } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../render';
import type { Answer, Routes, WritingDialogCase } from './case';

/**
 * Issue 34 §6 (decision 0004): every dialog that writes stays open with what was typed when its write gets no
 * answer or a server error, and only a success closes it (`useApiMutation`'s `closeDialog`). A case is opened in
 * the screen that owns its write, filled, sent with the connection lost and with a 503, then sent again with the
 * server answering. The cases: writing-dialogs/*.tsx; the walk that every writing dialog has one:
 * writing-dialogs.test.tsx.
 */

/** Whether MUI's dialog is fading out (closed, not yet removed from the page). */
const closing = (dialog: HTMLElement) =>
  (dialog.closest('.MuiDialog-container') as HTMLElement | null)?.style.opacity === '0';

export const FAILURES: Array<{ label: string; answer: Answer }> = [
  { label: 'no answer (offline)', answer: 'network-error' },
  {
    label: 'a 503 (the database failing over)',
    answer: { status: 503, body: { errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' } },
  },
];

/** One case sent with one failure, then with the server answering. */
export async function staysOpenUntilSuccess(dialogCase: WritingDialogCase, answer: Answer) {
  const { element, path, reads, permissions } = dialogCase.screen();
  signInAs(permissions ?? ['full:access']);
  let writeAnswer: Answer = answer;
  const isWrite = (call: MockCall) =>
    `${call.method} ${call.url.split('?')[0]}` === dialogCase.write && (dialogCase.isWrite?.(call) ?? true);
  const read = (reads as Routes)[dialogCase.write];
  const calls = mockFetch({
    ...reads,
    [dialogCase.write]: (call) =>
      isWrite(call) ? writeAnswer : typeof read === 'function' ? read(call) : (read ?? { status: 404 }),
  });
  const writes = () => calls.filter(isWrite);
  const user = userEvent.setup();
  renderPage(element, { path });
  await dialogCase.open(user);
  const dialog = await screen.findByRole('dialog', { name: dialogCase.dialog });
  await dialogCase.fill(user, dialog);
  const typed = dialogCase.typed(dialog);

  await user.click(within(dialog).getByRole('button', { name: dialogCase.submit }));
  await waitFor(() => expect(writes()).toHaveLength(1));
  // The failure is said (in the snackbar or the dialog) and the dialog is the same, with the same fields.
  await waitFor(() => expect(screen.getAllByRole('alert', { hidden: true }).length).toBeGreaterThan(0));
  expect(screen.getByRole('dialog', { name: dialogCase.dialog })).toBe(dialog);
  // Not on its way out either (MUI's dialog fades out before it leaves the page).
  expect(closing(dialog)).toBe(false);
  expect(dialogCase.typed(dialog)).toEqual(typed);

  // The server answers: the same button sends the same thing, and the dialog closes.
  writeAnswer = { body: dialogCase.done };
  const send = within(dialog).getByRole('button', { name: dialogCase.submit }) as HTMLButtonElement;
  await waitFor(() => expect(send.disabled).toBe(false));
  await user.click(send);
  await waitFor(() => expect(writes()).toHaveLength(2));
  expect(writes()[1]?.body).toEqual(writes()[0]?.body);
  if (dialogCase.result) expect(await within(dialog).findByText(dialogCase.result)).toBeTruthy();
  else await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogCase.dialog })).toBeNull());
}
