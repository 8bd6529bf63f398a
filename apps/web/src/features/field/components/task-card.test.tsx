import type { TaskOrder } from '@backoffice/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { renderPage, signInAs } from '../../../test/render';
import { TaskCard } from './task-card';

const ORDER: TaskOrder = {
  ...makeOrderSummary({
    orderId: 5,
    code: 'K7M-4QP',
    status: 'Em entrega',
    statusKey: 4,
    payment: 'Dinheiro',
    paymentMethod: 'CASH',
    total: 84.9,
    changeFor: 100,
  }),
  actions: ['deliver', 'customerAbsent'],
  items: [{ productId: 7, name: 'Capa iPhone 15', quantity: 1, serialized: false }],
  customerPhone: '11988887777',
  address: {
    street: 'Rua das Flores',
    number: '123',
    complement: 'apto 4',
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '01234567',
  },
};

describe("the courier's card", () => {
  it("says the change to bring for 'Troco para' and opens the address in the phone's maps", () => {
    signInAs(['bo:manage:orders'], 'Diego Motoboy', 2);
    renderPage(<TaskCard order={ORDER} kind="delivery" busy={false} onAction={vi.fn()} />);
    // Pays R$ 84,90 with a R$ 100,00 note: R$ 15,10 of change.
    expect(screen.getByText('Troco para R$ 100,00: levar R$ 15,10 de troco')).toBeTruthy();
    const map = screen.getByRole('link', { name: /^Abrir no mapa: Rua das Flores, 123 - apto 4/ });
    expect(map.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Rua das Flores, 123, Centro, São Paulo, SP')}`,
    );
    expect(map.getAttribute('target')).toBe('_blank');
  });
});
