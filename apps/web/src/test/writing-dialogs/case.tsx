import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import type { MockCall } from '../render';

/**
 * The shape of a case of the walk of the writing dialogs (writing-dialogs.test.tsx), and the helpers its cases
 * share to open and fill a dialog.
 */

export type Answer = { status?: number; body?: unknown } | 'network-error';
export type Routes = Record<string, Answer | ((call: MockCall) => Answer)>;
export type User = ReturnType<typeof userEvent.setup>;

export interface WritingDialogCase {
  /** The files (under apps/web/src) of the dialog: the walk checks that each file drawing a writing dialog has one. */
  files: string[];
  /** The dialog's accessible name. */
  dialog: string | RegExp;
  /** The write: 'METHOD /api/path'. */
  write: string;
  /** When the same route also reads (a dry run): which of its calls is the write; the others go to `reads`. */
  isWrite?: (call: MockCall) => boolean;
  /** The server's answer to the write when it succeeds. */
  done: unknown;
  /** The screen that owns the write, with the reads it makes (the write's route is added). */
  screen: () => { element: ReactNode; path?: string; reads: Routes; permissions?: string[] };
  /** Opens the dialog from the screen. */
  open: (user: User) => Promise<void>;
  /** Types into the dialog. */
  fill: (user: User, dialog: HTMLElement) => Promise<void>;
  /** What the dialog's fields show (compared before and after the failed write). */
  typed: (dialog: HTMLElement) => unknown;
  /** The button that sends it. */
  submit: string;
  /** A dialog whose success shows a result instead of closing: what it shows (else it must close). */
  result?: string;
}

export const fieldValue = (dialog: HTMLElement, label: RegExp) =>
  (within(dialog).getByLabelText(label) as HTMLInputElement).value;

/** Selects the row of `name` in a data table. */
export async function selectRow(user: User, name: string) {
  const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
}

export async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** A dialog that owns its write, drawn until it closes itself (its `onClose`). */
export function UntilClosed({ dialog }: { dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(true);
  return open ? dialog(() => setOpen(false)) : null;
}
