import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../../test/render';
import { TextFieldDialog } from './field-dialog';

const FOUR_DIGITS = 'Informe os quatro dígitos.';
/** Four digits typed, sent as a number: ' 0042 ' is 42. */
const schema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{4}$/, FOUR_DIGITS),
  })
  .transform(({ code }) => ({ code: Number(code) }));

function setup({ busy = false, problem = null }: { busy?: boolean; problem?: string | null } = {}) {
  const onSend = vi.fn();
  const onClose = vi.fn();
  renderPage(
    <TextFieldDialog
      titleId="code-title"
      title="Confirmar código"
      text="O código está no verso do cartão."
      closeText="Voltar"
      submitText="Confirmar"
      busy={busy}
      problem={problem}
      schema={schema}
      defaultValues={{ code: '' }}
      onSend={onSend}
      onClose={onClose}
      field={{ name: 'code', label: 'Código', required: true }}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Confirmar código' });
  return { dialog, onSend, onClose, user: userEvent.setup() };
}

describe('TextFieldDialog', () => {
  it('says what it is for, checks the field as the schema does and sends what the schema made of it', async () => {
    const { dialog, onSend, user } = setup();
    expect(within(dialog).getByText('O código está no verso do cartão.')).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: 'Código' });
    await user.type(field, '42');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(within(dialog).getByText(FOUR_DIGITS)).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, ' 0042 ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.lastCall?.[0]).toEqual({ code: 42 });
  });

  it('while the write is on its way the field and the confirm button wait; its failure is said inside', () => {
    const { dialog } = setup({ busy: true, problem: 'O servidor recusou o código.' });
    expect((within(dialog).getByRole('textbox', { name: 'Código' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('O servidor recusou o código.')).toBeTruthy();
  });

  it('Voltar closes it when nothing is on its way', async () => {
    const { dialog, onClose, user } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
