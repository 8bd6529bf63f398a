import type { TaskOrder } from '@backoffice/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { SIGNATURE_SIZE, SignaturePad } from '../../../components/signature-pad';
import { FIELD_TEXTS } from '../texts';
import { DeliverDialog } from './deliver-dialog';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** jsdom draws nothing: a recording 2D context, and toDataURL answering a fixed PNG. */
function fakeCanvas() {
  const strokes: Array<[string, number, number]> = [];
  const ctx = {
    fillRect: vi.fn(),
    beginPath: vi.fn(),
    moveTo: (x: number, y: number) => strokes.push(['move', x, y]),
    lineTo: (x: number, y: number) => strokes.push(['line', x, y]),
    stroke: vi.fn(),
  } as unknown as CanvasRenderingContext2D;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  // Shown at 400 × 200 css px: half the canvas's own pixels.
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 10,
    top: 20,
    width: SIGNATURE_SIZE.width / 2,
    height: SIGNATURE_SIZE.height / 2,
    right: 0,
    bottom: 0,
    x: 10,
    y: 20,
    toJSON: () => ({}),
  });
  return strokes;
}

function draw(canvas: HTMLElement, points: Array<[number, number]>) {
  const [first, ...rest] = points as [[number, number], ...Array<[number, number]>];
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: first[0], clientY: first[1] });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { pointerId: 1, clientX: x, clientY: y });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

const ORDER: TaskOrder = {
  orderId: 41,
  code: 'K7M-4QP',
  customer: 'Marina Souza',
  customerId: 9,
  status: 'Em entrega',
  statusKey: 4,
  updatedAt: '2026-11-20T13:05:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  typeOfDelivery: 'Motoboy',
  deliveryType: 1,
  fastDelivery: false,
  deliverer: 'Diego Motoboy',
  delivererId: 4,
  stocker: 'Carlos Estoquista',
  stockerId: 3,
  payment: 'Dinheiro',
  paymentMethod: 'CASH',
  total: 134.9,
  shippingCost: 15,
  neighborhood: 'Centro',
  comments: null,
  hasWarranty: false,
  actions: ['deliver', 'customerAbsent'],
  items: [{ productId: 7, name: 'Capa iPhone 15', quantity: 1, serialized: false }],
  customerPhone: '11988887777',
  address: {
    street: 'Rua das Flores',
    number: '123',
    complement: null,
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '01234567',
  },
};

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('SignaturePad', () => {
  it('draws where the finger goes (scaled to the canvas), sends the PNG after the stroke, and null after Limpar', async () => {
    const strokes = fakeCanvas();
    const onChange = vi.fn();
    render(<SignaturePad label={FIELD_TEXTS.deliver.pad} onChange={onChange} />);
    const canvas = screen.getByRole('img', { name: FIELD_TEXTS.deliver.pad });
    expect(getComputedStyle(canvas).getPropertyValue('touch-action')).toBe('none');

    draw(canvas, [
      [60, 70],
      [110, 120],
    ]);
    // (60 − 10) × 2 = 100, (70 − 20) × 2 = 100; then (110 − 10) × 2 = 200, (120 − 20) × 2 = 200.
    expect(strokes).toContainEqual(['move', 100, 100]);
    expect(strokes).toContainEqual(['line', 200, 200]);
    expect(onChange).toHaveBeenLastCalledWith(PNG);

    await userEvent.click(screen.getByRole('button', { name: FIELD_TEXTS.deliver.clear }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('ignores a second finger, and starts over when a stroke never ended (its end was lost)', () => {
    const strokes = fakeCanvas();
    const onChange = vi.fn();
    render(<SignaturePad label={FIELD_TEXTS.deliver.pad} onChange={onChange} />);
    const canvas = screen.getByRole('img', { name: FIELD_TEXTS.deliver.pad });
    fireEvent.pointerDown(canvas, { pointerId: 1, isPrimary: true, clientX: 20, clientY: 30 });
    // A second finger lands while the first draws: nothing of it is drawn.
    fireEvent.pointerDown(canvas, { pointerId: 2, isPrimary: false, clientX: 200, clientY: 200 });
    fireEvent.pointerMove(canvas, { pointerId: 2, clientX: 210, clientY: 210 });
    expect(strokes.some(([, x]) => x >= 380)).toBe(false);
    // The first stroke's end is lost; the next touch draws and ends normally.
    fireEvent.pointerDown(canvas, { pointerId: 3, isPrimary: true, clientX: 60, clientY: 70 });
    fireEvent.pointerMove(canvas, { pointerId: 3, clientX: 110, clientY: 120 });
    fireEvent.pointerUp(canvas, { pointerId: 3 });
    expect(strokes).toContainEqual(['line', 200, 200]);
    expect(onChange).toHaveBeenLastCalledWith(PNG);
  });

  it('ignores moves that are not part of a stroke (hovering a mouse draws nothing)', () => {
    const strokes = fakeCanvas();
    const onChange = vi.fn();
    render(<SignaturePad label={FIELD_TEXTS.deliver.pad} onChange={onChange} />);
    fireEvent.pointerMove(screen.getByRole('img', { name: FIELD_TEXTS.deliver.pad }), {
      pointerId: 1,
      clientX: 50,
      clientY: 50,
    });
    expect(strokes).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('DeliverDialog', () => {
  function open() {
    const onSubmit = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DeliverDialog order={ORDER} busy={false} onSubmit={onSubmit} onClose={() => undefined} />
      </AppProviders>,
    );
    return onSubmit;
  }

  it('refuses to confirm an empty signature, and after Limpar again', async () => {
    fakeCanvas();
    const onSubmit = open();
    await userEvent.click(screen.getByRole('button', { name: FIELD_TEXTS.deliver.submit }));
    expect(screen.getByRole('alert').textContent).toBe('Colete a assinatura do cliente.');
    expect(onSubmit).not.toHaveBeenCalled();

    const canvas = screen.getByRole('img', { name: FIELD_TEXTS.deliver.pad });
    draw(canvas, [
      [30, 40],
      [80, 90],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: FIELD_TEXTS.deliver.clear }));
    await userEvent.click(screen.getByRole('button', { name: FIELD_TEXTS.deliver.submit }));
    expect(screen.getByRole('alert').textContent).toBe('Colete a assinatura do cliente.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the drawn signature as PNG data, and shows who receives and how much to collect', async () => {
    fakeCanvas();
    const onSubmit = open();
    expect(screen.getByRole('dialog').textContent).toMatch(/Marina Souza.*R\$ 134,90 \(Dinheiro, receber na entrega\)/);
    draw(screen.getByRole('img', { name: FIELD_TEXTS.deliver.pad }), [
      [30, 40],
      [80, 90],
      [120, 60],
    ]);
    // Nobody named yet: the name is asked for, nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: FIELD_TEXTS.deliver.submit }));
    const name = screen.getByRole('textbox', { name: /Recebido por \(nome\)/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Informe o nome de quem recebeu.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // A document that is neither a CPF nor an RG is refused as well.
    await userEvent.type(name, '  Maria Souza ');
    const document = screen.getByRole('textbox', { name: 'Documento (CPF ou RG, opcional)' });
    await userEvent.type(document, '12-3');
    await userEvent.click(screen.getByRole('button', { name: FIELD_TEXTS.deliver.submit }));
    expect(
      screen.getByText('Documento inválido: informe o CPF ou o RG (de 5 a 14 números; o RG pode terminar em X).'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(document);
    await userEvent.type(document, '529.982.247-25');
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: FIELD_TEXTS.deliver.submit }));
    const after = Date.now();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]?.[0] as { occurredAt: string };
    expect(sent).toEqual({
      signature: PNG,
      receiverName: 'Maria Souza',
      receiverDocument: '529.982.247-25',
      occurredAt: sent.occurredAt,
    });
    // The moment of the press, by the phone's clock.
    expect(Date.parse(sent.occurredAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(sent.occurredAt)).toBeLessThanOrEqual(after);
  });
});
