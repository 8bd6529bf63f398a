import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotifierProvider, type Notify, useNotify } from './notifier';

let notify: Notify;
function Grab() {
  notify = useNotify();
  return null;
}

const shown = () => screen.queryByRole('alert');

describe('NotifierProvider (the snackbar, without MUI)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <NotifierProvider>
        <Grab />
      </NotifierProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('says a message for 3 seconds, then hides it', () => {
    act(() => notify.success('Pedido alterado com sucesso.'));
    expect(shown()?.textContent).toBe('Pedido alterado com sucesso.');
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBeNull();
  });

  it('a new message replaces the one on screen and gets its own 3 seconds', () => {
    act(() => notify.info('Primeira'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => notify.error('Segunda'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(shown()?.textContent).toBe('Segunda');
    act(() => vi.advanceTimersByTime(2000));
    expect(shown()?.textContent).toBe('Segunda');
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBeNull();
  });

  it('held while the pointer is on it; leaving gives it 3 seconds again', () => {
    act(() => notify.info('Tarefa guardada'));
    const box = shown()?.parentElement as HTMLElement;
    act(() => vi.advanceTimersByTime(2500));
    fireEvent.mouseEnter(box);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).not.toBeNull();
    fireEvent.mouseLeave(box);
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBeNull();
  });

  it('Escape or its close button hide it at once; the next message hides by itself again', () => {
    act(() => notify.info('Um'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(shown()).toBeNull();
    act(() => notify.info('Dois'));
    fireEvent.mouseEnter(shown()?.parentElement as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(shown()).toBeNull();
    act(() => notify.success('Três'));
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toBeNull();
  });
});
