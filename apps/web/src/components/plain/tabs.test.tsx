import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const TABS = [
  { value: 'a', label: 'Primeira' },
  { value: 'b', label: 'Segunda' },
  { value: 'c', label: 'Terceira' },
] as const;
type Value = (typeof TABS)[number]['value'];

function Harness({ onChange, initial }: { onChange: (value: Value) => void; initial?: Value }) {
  const [value, setValue] = useState<Value | undefined>(initial);
  return (
    <Tabs
      label="Tipo"
      value={value}
      tabs={TABS}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((element) => element.getAttribute('aria-selected') === 'true')
    .map((element) => element.textContent);

describe('Tabs', () => {
  it('is a named tab list; a click chooses a tab, which alone is in the Tab order', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial="a" />);
    expect(screen.getByRole('tablist', { name: 'Tipo' })).toBeTruthy();
    expect(selected()).toEqual(['Primeira']);
    expect(tab('Primeira').tabIndex).toBe(0);
    expect(tab('Segunda').tabIndex).toBe(-1);

    await userEvent.click(tab('Segunda'));
    expect(onChange).toHaveBeenCalledWith('b');
    expect(selected()).toEqual(['Segunda']);
    expect(tab('Segunda').tabIndex).toBe(0);
    expect(tab('Primeira').tabIndex).toBe(-1);
    // The chosen tab clicked again changes nothing (as MUI's).
    await userEvent.click(tab('Segunda'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves the focus with the arrows, Home and End (wrapping) without choosing; Enter and Space choose', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial="a" />);
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('Primeira'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Segunda'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Terceira'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Primeira'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Terceira'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Primeira'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Terceira'));
    expect(onChange).not.toHaveBeenCalled();
    expect(selected()).toEqual(['Primeira']);

    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('c');
    expect(selected()).toEqual(['Terceira']);
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Segunda'));
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith('b');
    expect(selected()).toEqual(['Segunda']);
  });

  it('with no tab chosen, marks none and lets the first one take the focus', () => {
    render(<Harness onChange={() => undefined} />);
    expect(selected()).toEqual([]);
    expect(tab('Primeira').tabIndex).toBe(0);
    expect(tab('Segunda').tabIndex).toBe(-1);
  });
});
