import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog';

const TOO_SHORT = 'Informe o motivo (3 a 300 caracteres).';
const schema = z.object({ reason: z.string().trim().min(3, TOO_SHORT).max(300, TOO_SHORT) });

type Given = Partial<ReasonDialogProps> & { onConfirm: ReasonDialogProps['onConfirm'] };

function Harness(props: Given) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <ReasonDialog
        open={open}
        titleId="t"
        title="Desfazer pagamento"
        text="O pagamento deixa de contar."
        label="Motivo"
        keepText="Voltar"
        confirmText="Desfazer"
        schema={schema}
        busy={false}
        onClose={() => setOpen(false)}
        {...props}
      />
    </>
  );
}

describe('ReasonDialog', () => {
  it('a click with no reason says why under the field; a valid one is confirmed as typed', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Desfazer pagamento' });
    expect(screen.getByLabelText(/^Motivo/)).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(dialog.textContent).toContain(TOO_SHORT);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Motivo/), 'Pix devolvido ');
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(onConfirm).toHaveBeenCalledWith('Pix devolvido ');
  });

  it('with confirmWhenValid the button waits for a valid reason, and a closed dialog opens empty again', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} confirmWhenValid autoFocus={false} />);
    const user = userEvent.setup();
    const confirm = () => screen.getByRole('button', { name: 'Desfazer' }) as HTMLButtonElement;
    expect(confirm().disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Motivo/), 'Cliente desistiu');
    expect(confirm().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect((screen.getByLabelText(/^Motivo/) as HTMLTextAreaElement).value).toBe('');
    expect(confirm().disabled).toBe(true);
  });

  it('while busy: the busy text, and nothing closes it unless closableWhileBusy', () => {
    const { rerender } = render(<Harness onConfirm={vi.fn()} busy busyText="Desfazendo…" />);
    expect((screen.getByRole('button', { name: 'Desfazendo…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Voltar' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Harness onConfirm={vi.fn()} busy busyText="Desfazendo…" closableWhileBusy />);
    expect((screen.getByRole('button', { name: 'Voltar' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
