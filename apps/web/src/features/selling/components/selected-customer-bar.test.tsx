import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { SelectedCustomerBar } from './product-search-step';

function bar(customer: Parameters<typeof SelectedCustomerBar>[0]['customer']) {
  renderPage(<SelectedCustomerBar customer={customer} cartCount={0} onOpenCart={vi.fn()} onChangeCustomer={vi.fn()} />);
  return (screen.getByText(customer.name).closest('div')?.textContent ?? '').replace(/\s+/g, ' ');
}

describe("'Cliente selecionado:' (issue 54: the walk-in card showed consumidor-final-2@balcao.invalid)", () => {
  it("shows 'Consumidor final' without its placeholder e-mail", () => {
    const text = bar({ id: 41, name: 'Consumidor final', email: 'consumidor-final-2@balcao.invalid', walkIn: true });
    expect(text).toContain('Consumidor final');
    expect(text).not.toContain('@');
    expect(text).not.toContain('.invalid');
  });

  it("shows a registered customer's e-mail", () => {
    expect(bar({ id: 8, name: 'João Prata', email: 'joao@cliente.com.br' })).toContain('joao@cliente.com.br');
  });
});
