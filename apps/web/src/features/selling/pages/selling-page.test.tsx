import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/contract';
import { CAPA, fakeSellingServer, JOANA, PELICULA } from '../test-data';
import {
  addProduct,
  addProductExpectingFailure,
  cartButton,
  openCartWithPelicula,
  openPage,
  pickJoana,
  sent,
  totals,
  UUID,
} from './test-selling-page';

describe('Selling page', () => {
  it('step 2: the selected customer, product cards with image and level price; the empty cart does not open', async () => {
    const { user } = openPage();
    await pickJoana(user);
    expect(screen.getByText('Joana Ouro')).toBeTruthy();
    const field = screen.getByLabelText('Pesquisar produto por nome, tag, referencia ou marca');
    expect(document.activeElement).toBe(field);
    await waitFor(() => expect(cartButton().getAttribute('aria-label')).toBe('Carrinho vazio'));
    expect(cartButton().disabled).toBe(true);

    await user.type(field, 'capa{Enter}');
    const card = (await screen.findByRole('heading', { name: CAPA.name })).closest('li') as HTMLElement;
    expect(within(card).getByText('R$ 1.234,56')).toBeTruthy();
    expect(within(card).getByText('3 em estoque')).toBeTruthy();
    expect((within(card).getByRole('img', { name: CAPA.name }) as HTMLImageElement).getAttribute('src')).toBe(
      '/api/files/products/capa-1.jpg',
    );

    await user.clear(field);
    await user.type(field, 'nada{Enter}');
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeTruthy();
  });

  it('adds from the keyboard (ArrowDown to the card, Enter, plus, Enter); the badge counts the products', async () => {
    const { user, calls } = openPage();
    await pickJoana(user);
    await user.type(screen.getByLabelText('Pesquisar produto por nome, tag, referencia ou marca'), 'capa{Enter}');
    await screen.findByRole('button', { name: `Adicionar ${CAPA.name}` });
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Adicionar ${CAPA.name}` }));
    await user.keyboard('{Enter}');
    const quantity = await screen.findByLabelText('Quantidade selecionada');
    expect(document.activeElement).toBe(quantity);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByText('Produto adicionado com sucesso')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/orders/cart/add/7')[0]?.body).toEqual({ productId: 3, quantity: 2 });
    await waitFor(() => expect(cartButton().getAttribute('aria-label')).toBe('Carrinho com 1 produto'));
    expect(cartButton().disabled).toBe(false);
    // 2 of the 3 in stock are in the cart: the card says so; the dialog opens at 2 and sets the line (issue 35).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = screen.getByRole('heading', { name: CAPA.name }).closest('li') as HTMLElement;
    expect(await within(card).findByText('2 no carrinho')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: `Adicionar ${CAPA.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar quantidade' });
    expect(dialog.textContent).toContain('Quantidade disponível: 3');
    expect((within(dialog).getByLabelText('Quantidade selecionada') as HTMLInputElement).value).toBe('2');
    await user.click(within(dialog).getByRole('button', { name: 'Aumentar quantidade' }));
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar carrinho' }));
    expect(await within(card).findByText('3 no carrinho')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'PATCH', '/api/orders/cart/change/7').map((c) => c.body)).toEqual([
      { productId: 3, newQuantity: 3 },
    ]);
    expect(sent(calls, 'POST', '/api/orders/cart/add/7')).toHaveLength(1);

    await addProduct(user, 'vidro', PELICULA.name);
    await waitFor(() => expect(cartButton().getAttribute('aria-label')).toBe('Carrinho com 2 produtos'));
    expect(within(cartButton()).getByText('2')).toBeTruthy();
  });

  it('a refused add shows the server message; a server failure the spec text', async () => {
    let fail = 409;
    const { user } = openPage(() => ({
      'POST /api/orders/cart/add/7': () =>
        fail === 409
          ? {
              status: 409,
              body: {
                errors: ['Quantidade indisponível do produto Capa de silicone iPhone 15: há 3 em estoque.'],
                code: 'STOCK_INSUFFICIENT',
              },
            }
          : { status: 500, body: { errors: ['x'], code: 'INTERNAL' } },
    }));
    await pickJoana(user);
    await addProductExpectingFailure(user);
    expect(
      await screen.findByText('Quantidade indisponível do produto Capa de silicone iPhone 15: há 3 em estoque.'),
    ).toBeTruthy();
    fail = 500;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Algo deu errado, tente novamente mais tarde')).toBeTruthy();
    expect(cartButton().disabled).toBe(true);
  });

  it('sells for cash with delivery and warranty: totals from the pre-checkout, one order per click, step 4', async () => {
    const { user, calls, queryClient } = openPage(() => ({
      'POST /api/orders/checkout/7': (call) => ({
        body: {
          code: 'K7M-4QP',
          orderId: 41,
          statusKey: 1,
          total: (call.body as { expectedTotal: number }).expectedTotal,
          replayed: false,
        },
      }),
    }));
    await pickJoana(user);
    await addProduct(user, 'capa', CAPA.name, 1); // 2 × R$ 1.234,56 = R$ 2.469,12
    await addProduct(user, 'vidro', PELICULA.name, 2); // 3 × R$ 25,50 = R$ 76,50
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());

    expect(await screen.findByRole('heading', { name: 'Produtos no carrinho de: Joana Ouro' })).toBeTruthy();
    const items = screen.getByRole('list', { name: 'Produtos no carrinho' });
    expect(within(items).getByText('R$ 2.469,12')).toBeTruthy();
    expect(within(items).getByText('R$ 76,50')).toBeTruthy();
    for (const section of ['Entrega', 'Garantia', 'Entrega rápida', 'Meios de pagamento'])
      expect(screen.getByRole('group', { name: section })).toBeTruthy();
    // Defaults: Motoboy, no warranty, no fast delivery, Dinheiro. Goods R$ 2.545,62 + shipping R$ 15,00.
    expect((screen.getByRole('radio', { name: 'Motoboy' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Sem garantia' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Sem entrega rápida' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Dinheiro' }) as HTMLInputElement).checked).toBe(true);
    expect(totals()).toContain('R$ 2.545,62');
    expect(totals()).toContain('FreteR$ 15,00');
    expect(totals()).toContain('TotalR$ 2.560,62');

    // Warranty 10 % of R$ 2.545,62 = R$ 254,56; total R$ 2.545,62 + 15,00 + 254,56 = R$ 2.815,18.
    await user.click(screen.getByRole('radio', { name: /^Com garantia/ }));
    await waitFor(() => expect(totals()).toContain('TotalR$ 2.815,18'));
    expect(totals(), totals()).toContain('GarantiaR$ 254,56');
    const asked = sent(calls, 'GET', '/api/orders/pre/checkout/7').at(-1)?.url ?? '';
    expect(new URL(asked, 'http://x').searchParams.get('withWarranty')).toBe('true');

    // Lists of other screens that the sale makes stale.
    queryClient.setQueryData(['orders', 'list', { status: 1 }], { orders: [], total: 0 });
    queryClient.setQueryData(['products', 'list', { offset: 0 }], { items: [], page: 0, total: 0 });
    const finish = screen.getByRole('button', { name: 'Finalizar Pedido' });
    await user.dblClick(finish);
    expect(await screen.findByRole('heading', { name: 'Ordem para: Joana Ouro concluída' })).toBeTruthy();
    expect(screen.getByText('K7M-4QP')).toBeTruthy();
    const checkouts = sent(calls, 'POST', '/api/orders/checkout/7');
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]?.body).toEqual({
      typeOfDelivery: 1,
      withWarranty: true,
      isFastDelivery: false,
      idempotencyKey: expect.stringMatching(UUID),
      expectedTotal: 2815.18,
    });
    expect(queryClient.getQueryState(['orders', 'list', { status: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['products', 'list', { offset: 0 }])?.isInvalidated).toBe(true);
  });

  it('store pickup disables fast delivery and charges no shipping; fast delivery replaces the shipping', async () => {
    const { user, server } = openPage();
    server.lines.set(CAPA.productId, 1);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    await screen.findByRole('heading', { name: 'Produtos no carrinho de: Joana Ouro' });
    // Fast delivery: R$ 1.234,56 + R$ 25,00 = R$ 1.259,56.
    await user.click(screen.getByRole('radio', { name: 'Com entrega rápida' }));
    await waitFor(() => expect(totals()).toContain('Taxa de entrega rápidaR$ 25,00'));
    expect(totals()).toContain('TotalR$ 1.259,56');
    expect(totals()).not.toContain('Frete');
    // Pickup: R$ 1.234,56 only; fast delivery off and disabled.
    await user.click(screen.getByRole('radio', { name: 'Retirada na loja' }));
    await waitFor(() => expect(totals()).toContain('TotalR$ 1.234,56'));
    expect((screen.getByRole('radio', { name: 'Com entrega rápida' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Sem entrega rápida' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('A entrega rápida só está disponível com entrega por motoboy.')).toBeTruthy();
  });

  it("Depósito: 'Finalizar Pedido' waits for the proof; the Pix of the exact total; the proof goes without prefix", async () => {
    const { user, calls, server } = openPage(() => ({
      'POST /api/orders/checkout/bank/transfer/7': {
        body: { code: 'P2X-9ZT', orderId: 42, statusKey: 11, total: 1249.56, replayed: false },
      },
    }));
    server.lines.set(CAPA.productId, 1);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    await screen.findByRole('heading', { name: 'Produtos no carrinho de: Joana Ouro' });
    const finish = screen.getByRole('button', { name: 'Finalizar Pedido' }) as HTMLButtonElement;
    expect(finish.disabled).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Depósito' }));
    expect(finish.disabled).toBe(true);
    expect(screen.getByText('obrigatório').tagName).toBe('EM');
    expect(screen.getByText('Anexe a imagem do comprovante para finalizar o pedido.')).toBeTruthy();
    // R$ 1.234,56 + R$ 15,00 shipping = R$ 1.249,56, in cents in the fake payload.
    expect(screen.getByText('Valor: R$ 1.249,56')).toBeTruthy();
    expect((screen.getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value).toBe('00020101PIX-TOTAL-124956');
    expect(screen.getByRole('img', { name: 'QR Code Pix' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar código Pix' })).toBeTruthy();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'comprovante.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/^Comprovante de depósito/), file);
    await waitFor(() => expect(finish.disabled).toBe(false));
    expect(screen.getByRole('img', { name: 'comprovante.png' })).toBeTruthy();
    await user.click(finish);
    expect(await screen.findByRole('heading', { name: 'Ordem para: Joana Ouro concluída' })).toBeTruthy();
    const body = sent(calls, 'POST', '/api/orders/checkout/bank/transfer/7')[0]?.body as Record<string, unknown>;
    expect(body.receipt).toBe('iVBORw==');
    expect(body).toMatchObject({
      typeOfDelivery: 1,
      withWarranty: false,
      isFastDelivery: false,
      expectedTotal: 1249.56,
    });
  });

  it('a line that can no longer be sold, or a customer who can no longer buy, blocks the order and says why', async () => {
    const { user, server } = openPage((fake) => ({
      'GET /api/orders/pre/checkout/7': (call) => {
        const answer = fake.preCheckout(call);
        const [first, ...rest] = answer.cart.items;
        return {
          body: {
            ...answer,
            customer: { ...answer.customer, canBuy: false },
            cart: { ...answer.cart, items: first ? [{ ...first, stock: 1 }, ...rest] : [] },
          },
        };
      },
    }));
    server.lines.set(CAPA.productId, 2);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    expect(await screen.findByText('Só há 1 em estoque.')).toBeTruthy();
    expect(
      screen.getByText('O cliente Joana Ouro não está aprovado ou está bloqueado: não é possível vender para ele.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Finalizar Pedido' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Trocar cliente' goes back to the customer search", async () => {
    const { user } = openPage();
    await pickJoana(user);
    await user.click(screen.getByRole('button', { name: 'Trocar cliente' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Pesquisar cliente por nome ou email'));
    expect(screen.queryByText('Cliente selecionado:')).toBeNull();
  });

  it('a proof that is not an image is refused with a message, and the order stays blocked', async () => {
    const { server } = openPage();
    const user = userEvent.setup({ applyAccept: false });
    server.lines.set(CAPA.productId, 1);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    await user.click(await screen.findByRole('radio', { name: 'Depósito' }));
    const text = new File(['não é imagem'], 'comprovante.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText(/^Comprovante de depósito/), text);
    expect(await screen.findByText('O arquivo escolhido não é uma imagem.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Finalizar Pedido' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed checkout keeps the cart; the retry sends the same idempotency key', async () => {
    let attempts = 0;
    const { user, calls, server } = openPage(() => ({
      'POST /api/orders/checkout/7': () =>
        ++attempts === 1
          ? { status: 503, body: { errors: ['indisponível'], code: 'INTERNAL' } }
          : { body: { code: 'R3T-7RY', orderId: 43, statusKey: 1, total: 1249.56, replayed: true } },
    }));
    server.lines.set(CAPA.productId, 1);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    const finish = await screen.findByRole('button', { name: 'Finalizar Pedido' });
    await user.click(finish);
    expect(await screen.findByText('Erro no servidor, por favor, tente novamente mais tarde')).toBeTruthy();
    await waitFor(() => expect((finish as HTMLButtonElement).disabled).toBe(false));
    await user.click(finish);
    expect(await screen.findByText('R3T-7RY')).toBeTruthy();
    const keys = sent(calls, 'POST', '/api/orders/checkout/7').map(
      (c) => (c.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a lost connection at checkout does not sign out: the cart and the proof stay, and the retry sends the same key', async () => {
    let attempts = 0;
    const { user, calls, server } = openPage(() => ({
      'POST /api/orders/checkout/bank/transfer/7': () =>
        ++attempts === 1
          ? 'network-error'
          : { body: { code: 'S3M-R3D', orderId: 44, statusKey: 1, total: 1249.56, replayed: true } },
    }));
    server.lines.set(CAPA.productId, 1);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    await user.click(await screen.findByRole('radio', { name: 'Depósito' }));
    const proof = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pix.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/^Comprovante de depósito/), proof);
    expect(await screen.findByText('pix.png')).toBeTruthy();
    const finish = screen.getByRole('button', { name: 'Finalizar Pedido' }) as HTMLButtonElement;
    await waitFor(() => expect(finish.disabled).toBe(false));
    await user.click(finish);
    expect(await screen.findByText('Sem conexão com o servidor. Tente novamente.')).toBeTruthy();
    // Still signed in, on the cart, with the payment and the proof chosen.
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(screen.getByRole('list', { name: 'Produtos no carrinho' }).textContent).toContain(CAPA.name);
    expect((screen.getByRole('radio', { name: 'Depósito' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('pix.png')).toBeTruthy();
    await waitFor(() => expect(finish.disabled).toBe(false));
    await user.click(finish);
    expect(await screen.findByText('S3M-R3D')).toBeTruthy();
    const bodies = sent(calls, 'POST', '/api/orders/checkout/bank/transfer/7').map(
      (c) => c.body as { idempotencyKey: string; receipt: string },
    );
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.idempotencyKey).toMatch(UUID);
    expect(bodies[1]?.idempotencyKey).toBe(bodies[0]?.idempotencyKey);
    expect(bodies[1]?.receipt).toBe(bodies[0]?.receipt);
  });

  it('removing an item hides it at once; a failure puts it back', async () => {
    const { user, server } = openPage(() => ({
      'PATCH /api/orders/cart/change/7': { status: 500, body: { errors: ['falhou'], code: 'INTERNAL' } },
    }));
    // Hold the removal's answer until the test has seen the optimistic cart.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') await held;
      return inner(input, init);
    });
    server.lines.set(CAPA.productId, 2);
    server.lines.set(PELICULA.productId, 1);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    const items = await screen.findByRole('list', { name: 'Produtos no carrinho' });
    expect(totals()).toContain('TotalR$ 2.509,62'); // 2 × 1.234,56 + 25,50 + 15,00 shipping
    await user.click(within(items).getByRole('button', { name: `Remover ${CAPA.name} do carrinho` }));
    await waitFor(() => expect(within(items).queryByText(CAPA.name)).toBeNull());
    expect(totals()).toContain('ProdutosR$ 25,50'); // 2.494,62 − 2.469,12
    answer();
    expect(await screen.findByText('Algo deu errado, tente novamente mais tarde')).toBeTruthy();
    await waitFor(() => expect(within(items).getByText(CAPA.name)).toBeTruthy());
    expect(totals()).toContain('TotalR$ 2.509,62');
  });

  it("the cart changes a line's quantity (issue 35): typed or with minus and plus, the total follows the server", async () => {
    const { user, server, calls } = openPage();
    const items = await openCartWithPelicula(user, server);
    const quantity = within(items).getByRole('spinbutton', {
      name: `Quantidade de ${PELICULA.name}`,
    }) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    await user.clear(quantity);
    await user.type(quantity, '4{Enter}');
    expect(await screen.findByText('Carrinho alterado com sucesso.')).toBeTruthy();
    await waitFor(() => expect(totals()).toContain('ProdutosR$ 102,00')); // 4 × 25,50
    await user.click(within(items).getByRole('button', { name: `Diminuir a quantidade de ${PELICULA.name}` }));
    await waitFor(() => expect(totals()).toContain('ProdutosR$ 76,50')); // 3 × 25,50
    expect(sent(calls, 'PATCH', '/api/orders/cart/change/7').map((c) => c.body)).toEqual([
      { productId: 4, newQuantity: 4 },
      { productId: 4, newQuantity: 3 },
    ]);
    expect(sent(calls, 'POST', '/api/orders/cart/add/7')).toEqual([]);
  });

  it('the last item removed leaves an empty cart that offers going back to products', async () => {
    const { user, server, calls } = openPage();
    const items = await openCartWithPelicula(user, server);
    await user.click(within(items).getByRole('button', { name: `Remover ${PELICULA.name} do carrinho` }));
    expect(await screen.findByText('O carrinho está vazio.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/api/orders/cart/change/7')[0]?.body).toEqual({ productId: 4, newQuantity: 0 });
    await user.click(screen.getByRole('button', { name: 'Voltar para produtos' }));
    expect(await screen.findByLabelText('Pesquisar produto por nome, tag, referencia ou marca')).toBeTruthy();
  });

  it('a failed cart load says so (cartError) and offers going back', async () => {
    const { user, server } = openPage(() => ({}));
    server.lines.set(CAPA.productId, 1);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    // From now on the pre-checkout fails.
    const failing = mockApi({
      'GET /api/orders/pre/checkout/7': { status: 500, body: { errors: ['falhou'], code: 'INTERNAL' } },
    });
    void failing;
    await user.click(cartButton());
    expect(await screen.findByText('Algum erro aconteceu no servidor, tente novamente mais tarde')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voltar para produtos' })).toBeTruthy();
  });

  it("a refused checkout (the prices moved) says the server's message, keeps the cart with its choices and shows the new total", async () => {
    // Another screen raised the capa to R$ 1.299,90 after this cart was shown at R$ 1.234,56.
    const repriced = fakeSellingServer(JOANA, [{ ...CAPA, priceDiscounted: 1299.9 }, PELICULA]);
    const refusal =
      'Os preços mudaram desde que o carrinho foi exibido: o novo total é R$ 2.874,78. Confira e finalize de novo.';
    let raised = false;
    const { user, calls, server } = openPage(() => ({
      'GET /api/orders/pre/checkout/7': (call) => ({ body: (raised ? repriced : server).preCheckout(call) }),
      'POST /api/orders/checkout/7': (call) => {
        if (!raised) {
          raised = true;
          return { status: 409, body: { errors: [refusal], code: 'STALE_DATA', details: { total: 2874.78 } } };
        }
        const total = (call.body as { expectedTotal: number }).expectedTotal;
        return { body: { code: 'N3W-T0T', orderId: 44, statusKey: 1, total, replayed: false } };
      },
    }));
    server.lines.set(CAPA.productId, 2);
    repriced.lines.set(CAPA.productId, 2);
    await pickJoana(user);
    await waitFor(() => expect(cartButton().disabled).toBe(false));
    await user.click(cartButton());
    await screen.findByRole('heading', { name: 'Produtos no carrinho de: Joana Ouro' });
    // With warranty: 2 × 1.234,56 = 2.469,12; 10 % = 246,91; + 15,00 shipping = 2.731,03.
    await user.click(screen.getByRole('radio', { name: /^Com garantia/ }));
    await waitFor(() => expect(totals()).toContain('TotalR$ 2.731,03'));
    const readsBefore = sent(calls, 'GET', '/api/orders/pre/checkout/7').length;
    const finish = screen.getByRole('button', { name: 'Finalizar Pedido' }) as HTMLButtonElement;
    await user.click(finish);

    // the server's own words; still the cart, with the warranty chosen, read again at the new prices:
    // 2 × 1.299,90 = 2.599,80; 10 % = 259,98; + 15,00 shipping = 2.874,78, the total the message names
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /concluída$/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Produtos no carrinho de: Joana Ouro' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Com garantia/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(totals()).toContain('TotalR$ 2.874,78'));
    expect(totals()).toContain('ProdutosR$ 2.599,80');
    expect(totals()).toContain('GarantiaR$ 259,98');
    expect(sent(calls, 'GET', '/api/orders/pre/checkout/7')).toHaveLength(readsBefore + 1);
    await waitFor(() => expect(finish.disabled).toBe(false));

    // finished again at the total it now shows, as a new attempt (the order changed)
    await user.click(finish);
    expect(await screen.findByText('N3W-T0T')).toBeTruthy();
    const bodies = sent(calls, 'POST', '/api/orders/checkout/7').map(
      (c) => c.body as { expectedTotal: number; idempotencyKey: string },
    );
    expect(bodies.map((b) => b.expectedTotal)).toEqual([2731.03, 2874.78]);
    expect(bodies[1]?.idempotencyKey).not.toBe(bodies[0]?.idempotencyKey);
  });
});
