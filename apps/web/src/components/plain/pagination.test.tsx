import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, paginationItems } from './pagination';

/** The row as read on screen: '<' and '>' for the arrows, the page numbers, '…' for the gaps. */
function row(count: number, page: number): string {
  return paginationItems(count, page)
    .map((item) =>
      item.type === 'previous' ? '<' : item.type === 'next' ? '>' : item.type === 'page' ? String(item.page) : '…',
    )
    .join(' ');
}

/** What each place of the drawn row is called: the buttons' names, the gaps' text. */
function drawnRow(): string[] {
  const list = within(screen.getByRole('navigation', { name: 'Páginas' })).getByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('button')?.getAttribute('aria-label') ?? (li.textContent as string));
}

describe('paginationItems (MUI usePagination, boundaryCount 1, siblingCount 1)', () => {
  // Worked out by hand from usePagination's rules: the first and last page always, one page each side of the
  // current one, at least five numbers between them when there is room, a gap of one page shown as that page.
  it.each([
    [10, 1, '< 1 2 3 4 5 … 10 >'],
    [10, 4, '< 1 2 3 4 5 … 10 >'],
    [10, 5, '< 1 … 4 5 6 … 10 >'],
    [10, 6, '< 1 … 5 6 7 … 10 >'],
    [10, 7, '< 1 … 6 7 8 9 10 >'],
    [10, 10, '< 1 … 6 7 8 9 10 >'],
    [7, 4, '< 1 2 3 4 5 6 7 >'],
    [8, 4, '< 1 2 3 4 5 … 8 >'],
    [2, 1, '< 1 2 >'],
    [1, 1, '< 1 >'],
  ])('count %i, page %i: %s', (count, page, expected) => {
    expect(row(count, page)).toBe(expected);
  });

  it('marks the current page and disables the arrows at the ends', () => {
    const first = paginationItems(3, 1);
    expect(first[0]).toEqual({ type: 'previous', page: 0, disabled: true });
    expect(first.at(-1)).toEqual({ type: 'next', page: 2, disabled: false });
    expect(first.filter((item) => item.type === 'page' && item.selected)).toEqual([
      { type: 'page', page: 1, selected: true },
    ]);
    expect(paginationItems(3, 3).at(-1)).toEqual({ type: 'next', page: 4, disabled: true });
  });
});

describe('Pagination', () => {
  it('names its buttons as MUI in Portuguese (ptBR) does', () => {
    render(<Pagination count={10} page={5} onChange={() => undefined} label="Páginas" />);
    expect(drawnRow()).toEqual([
      'Ir para a página anterior',
      'Ir para a página 1',
      '…',
      'Ir para a página 4',
      'página 5',
      'Ir para a página 6',
      '…',
      'Ir para a página 10',
      'Ir para a próxima página',
    ]);
    const current = screen.getByRole('button', { name: 'página 5' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.textContent).toBe('5');
    expect(screen.getByRole('button', { name: 'Ir para a página 4' }).getAttribute('aria-current')).toBeNull();
  });

  it('says the page clicked, and the ones before and after by the arrows', async () => {
    const onChange = vi.fn();
    render(<Pagination count={10} page={5} onChange={onChange} label="Páginas" size="large" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a página 10' }));
    expect(onChange).toHaveBeenLastCalledWith(10);
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a página anterior' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    expect(onChange).toHaveBeenLastCalledWith(6);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('disables the arrow that leads nowhere', async () => {
    const onChange = vi.fn();
    render(<Pagination count={2} page={1} onChange={onChange} label="Páginas" />);
    const previous = screen.getByRole('button', { name: 'Ir para a página anterior' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await userEvent.click(previous);
    expect(onChange).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Ir para a próxima página' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
