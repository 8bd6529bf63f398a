import { act, renderHook, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useInlinePayment } from './inline-payment-form';

type Values = { note: string };
const EMPTY: Values = { note: '' };

function setup() {
  return renderHook(() => {
    const form = useForm<Values>({ defaultValues: EMPTY });
    return { form, inline: useInlinePayment(form, EMPTY) };
  });
}

describe('useInlinePayment', () => {
  it('sends the values typed, the last refusal cleared', async () => {
    const { result } = setup();
    const send = vi.fn();
    act(() => {
      result.current.inline.setOpen(true);
      result.current.inline.setError('Pagamento recusado.');
      result.current.form.setValue('note', 'troco em notas');
    });
    await act(() => result.current.inline.submit(send)());
    expect(send).toHaveBeenCalledWith({ note: 'troco em notas' });
    expect(result.current.inline.error).toBeNull();
    // Sending does not close it: the write's success does.
    expect(result.current.inline.open).toBe(true);
  });

  it('given up: closed, the refusal gone, the form empty again and a new Idempotency-Key for the next attempt', async () => {
    const { result } = setup();
    const first = result.current.inline.attempt.current();
    act(() => {
      result.current.inline.setOpen(true);
      result.current.inline.setError('Pagamento recusado.');
      result.current.form.setValue('note', 'troco em notas');
    });
    act(() => result.current.inline.cancel());
    await waitFor(() => expect(result.current.form.getValues()).toEqual(EMPTY));
    expect(result.current.inline.open).toBe(false);
    expect(result.current.inline.error).toBeNull();
    expect(result.current.inline.attempt.current()).not.toBe(first);
  });
});
