import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormMoneyField, FormPercentField } from './form-money-field';

interface Values {
  price: string;
  amount: number | null;
  percentage: string;
  balance: number | null;
}

/** A tiny form holding the fields; 'Enviar' hands its values to `onSend`. */
function Harness({ onSend, initial }: { onSend: (values: Values) => void; initial?: Partial<Values> }) {
  const { control, handleSubmit } = useForm<Values>({
    defaultValues: { price: '', amount: null, percentage: '', balance: null, ...initial },
  });
  return (
    <form onSubmit={handleSubmit(onSend)}>
      <FormMoneyField control={control} name="price" label="Preço de venda" />
      <FormMoneyField control={control} name="amount" label="Frete" valueAs="number" />
      <FormPercentField control={control} name="percentage" label="Garantia" />
      <FormMoneyField control={control} name="balance" label="Saldo" valueAs="number" allowNegative />
      <button type="submit">Enviar</button>
    </form>
  );
}

function setup(initial?: Partial<Values>) {
  const onSend = vi.fn();
  render(<Harness onSend={onSend} initial={initial} />);
  const user = userEvent.setup();
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const send = async () => {
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalled();
    return onSend.mock.lastCall?.[0] as Values;
  };
  return { user, input, send };
}

describe('FormMoneyField', () => {
  it('reads 49,90 as 49.9 reais (issue 8: it used to become 4990)', async () => {
    const { user, input, send } = setup();
    await user.type(input('Preço de venda'), '49,90');
    expect(input('Preço de venda').value).toBe('49,90');
    expect((await send()).price).toBe('49.90');
    expect(Number((await send()).price)).toBe(49.9);
  });

  it('reads 1.299,90 as 1299.9 and shows the thousands dot', async () => {
    const { user, input, send } = setup();
    await user.type(input('Preço de venda'), '1.299,90');
    expect(input('Preço de venda').value).toBe('1.299,90');
    expect(Number((await send()).price)).toBe(1299.9);
  });

  it('holds a number when asked: Frete 19,90 is 19.9', async () => {
    const { user, input, send } = setup();
    await user.type(input('Frete'), '19,90');
    expect((await send()).amount).toBe(19.9);
  });

  it('adds the thousands dot as digits are typed and shows both decimals once left', async () => {
    const { user, input, send } = setup();
    await user.type(input('Preço de venda'), '1234567,5');
    expect(input('Preço de venda').value).toBe('1.234.567,5');
    await user.tab();
    expect(input('Preço de venda').value).toBe('1.234.567,50');
    expect(Number((await send()).price)).toBe(1234567.5);
  });

  it('takes a pasted "R$ 1.234,56" as 1234.56', async () => {
    const { user, input, send } = setup();
    await user.click(input('Preço de venda'));
    await user.paste('R$ 1.234,56');
    expect(input('Preço de venda').value).toBe('1.234,56');
    expect(Number((await send()).price)).toBe(1234.56);
  });

  it('ignores letters and signs, and a third decimal', async () => {
    const { user, input, send } = setup();
    await user.type(input('Preço de venda'), 'a1-2b,3x45');
    expect(input('Preço de venda').value).toBe('12,34');
    expect(Number((await send()).price)).toBe(12.34);
  });

  it('takes a minus only where it is allowed: a balance of -1.234,56, offered the full keyboard', async () => {
    const { user, input, send } = setup();
    await user.type(input('Saldo'), '-1234,56');
    expect(input('Saldo').value).toBe('-1.234,56');
    expect(input('Saldo').getAttribute('inputmode')).toBe('text');
    expect((await send()).balance).toBe(-1234.56);
  });

  it('erasing empties the amount: "" as text, null as number', async () => {
    const { user, input, send } = setup({ price: '25.9', amount: 10 });
    expect(input('Preço de venda').value).toBe('25,90');
    expect(input('Frete').value).toBe('10,00');
    await user.clear(input('Preço de venda'));
    await user.clear(input('Frete'));
    expect(input('Preço de venda').value).toBe('');
    const values = await send();
    expect(values.price).toBe('');
    expect(values.amount).toBeNull();
  });

  it('shows R$ before the amount and offers the decimal keypad', () => {
    setup({ price: '1234.5' });
    const price = screen.getByLabelText('Preço de venda') as HTMLInputElement;
    expect(price.value).toBe('1.234,50');
    expect(price.getAttribute('inputmode')).toBe('decimal');
    expect(price.closest('.MuiInputBase-root')?.textContent).toContain('R$');
  });

  it('does not change on focus, so selecting it all and typing replaces it (10,00 → 20, not 1020)', async () => {
    const { user, input, send } = setup({ price: '10' });
    expect(input('Preço de venda').value).toBe('10,00');
    await user.click(input('Preço de venda'));
    expect(input('Preço de venda').value).toBe('10,00');
    input('Preço de venda').setSelectionRange(0, 5);
    await user.keyboard('20');
    expect(input('Preço de venda').value).toBe('20');
    await user.tab();
    expect(input('Preço de venda').value).toBe('20,00');
    expect(Number((await send()).price)).toBe(20);
  });

  it('keeps an amount set by the program without marking it typed', () => {
    const { input } = setup({ price: '0.5' });
    fireEvent.blur(input('Preço de venda'));
    expect(input('Preço de venda').value).toBe('0,50');
  });
});

describe('FormPercentField', () => {
  it('reads a comma decimal: 12,5 is 12.5 %', async () => {
    const { user, input, send } = setup();
    await user.type(input('Garantia'), '12,5');
    expect(input('Garantia').value).toBe('12,5');
    expect(Number((await send()).percentage)).toBe(12.5);
    expect(input('Garantia').closest('.MuiInputBase-root')?.textContent).toContain('%');
  });
});
