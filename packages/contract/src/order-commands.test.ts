import { describe, expect, it } from 'vitest';
import { EXPECTED_ORDER_MOVES } from './expected-order-moves';
import { commandAction, FINAL_ORDER_COMMANDS, ORDER_COMMAND_LIST, ORDER_COMMANDS } from './order-commands';
import { DELIVERY_TYPES, ORDER_CREATION, ORDER_STATUS, placedStatus, repairBillStatus } from './order-status';

describe('the order-command registry', () => {
  it('has the calls of section 7 and of the field screens, each at its exact method and path', () => {
    const calls = Object.fromEntries(
      Object.entries(ORDER_COMMANDS).map(([name, command]) => [name, `${command.method} ${command.path}`]),
    );
    expect(calls).toEqual({
      approve: 'PATCH /workflow/order/approve',
      refuse: 'PATCH /workflow/order/refuse',
      approveCredit: 'PATCH /workflow/order/approve-credit',
      refuseCredit: 'PATCH /workflow/order/refuse-credit',
      confirmPayment: 'PATCH /workflow/order/confirm-payment',
      confirmPix: 'PATCH /workflow/order/confirm-pix',
      failPayment: 'PATCH /workflow/order/fail-payment',
      retryPayment: 'PATCH /workflow/order/retry-payment',
      attachReceipt: 'PATCH /workflow/order/receipt',
      startPreparation: 'PATCH /workflow/order/prepare',
      pack: 'PATCH /workflow/order/pack',
      withdraw: 'PATCH /workflow/order/withdraw',
      deliver: 'PATCH /workflow/order/deliver',
      customerAbsent: 'PATCH /workflow/order/absent',
      finalize: 'POST /workflow/order/finalize',
      cancel: 'PATCH /workflow/order/cancel',
    });
  });

  it('makes every move of the workflow through exactly one call', () => {
    // 'changePayment' is made by the order's edit (PATCH /orders/{id}, decision 0044), 'awaitPickup' by the system
    // (a repair's bill paid, decision 0060), never by a command.
    const moved = new Set(
      EXPECTED_ORDER_MOVES.filter((move) => move.action !== 'changePayment' && move.action !== 'awaitPickup').map(
        (move) => move.action,
      ),
    );
    for (const action of moved) {
      expect(ORDER_COMMAND_LIST.filter((command) => command.actions.includes(action)).length, action).toBe(1);
    }
    expect(new Set(ORDER_COMMAND_LIST.flatMap((command) => command.actions))).toEqual(moved);
  });

  it('names the calls that end an order (to Reprovados, Finalizados, Cancelado): the screens ask them a reason', () => {
    expect([...FINAL_ORDER_COMMANDS].sort()).toEqual(['cancel', 'finalize', 'refuse', 'refuseCredit']);
  });

  it('packs with the move matching the delivery, and every other call makes its one action', () => {
    const pack = ORDER_COMMANDS.pack;
    expect(commandAction(pack, { deliveryType: DELIVERY_TYPES.PICKUP, fastDelivery: false })).toBe('readyForPickup');
    expect(commandAction(pack, { deliveryType: DELIVERY_TYPES.MOTOBOY, fastDelivery: true })).toBe(
      'readyForFastCourier',
    );
    expect(commandAction(pack, { deliveryType: DELIVERY_TYPES.MOTOBOY, fastDelivery: false })).toBe('readyForCourier');
    expect(commandAction(ORDER_COMMANDS.withdraw, { deliveryType: DELIVERY_TYPES.MOTOBOY, fastDelivery: false })).toBe(
      'withdraw',
    );
  });

  it('writes the history note: the reason, or the default text of a refusal and of an absent customer', () => {
    expect(ORDER_COMMANDS.cancel.note?.({ orderId: 1, comment: 'Desistiu' })).toBe('Desistiu');
    expect(ORDER_COMMANDS.refuse.note?.({ orderId: 1 })).toBe('Comprovante de pagamento reprovado.');
    expect(ORDER_COMMANDS.refuse.note?.({ orderId: 1, comment: 'Ilegível' })).toBe('Ilegível');
    expect(ORDER_COMMANDS.customerAbsent.note?.({ orderId: 1 })).toBe('Cliente ausente: o pedido voltou para a loja.');
    expect(ORDER_COMMANDS.finalize.note?.({ orderId: 1, comment: 'Cliente retirou na loja' })).toBe(
      'Cliente retirou na loja',
    );
    expect(ORDER_COMMANDS.finalize.note?.({ orderId: 1 })).toBeUndefined();
    expect(ORDER_COMMANDS.approve.note).toBeUndefined();
  });

  it('takes the pictures of the receipt, the packaging and the signature', () => {
    expect(ORDER_COMMANDS.attachReceipt.pictures?.of({ orderId: 1, image: 'R' })).toEqual(['R']);
    expect(ORDER_COMMANDS.pack.pictures?.of({ orderId: 1, images: ['A', 'B'] })).toEqual(['A', 'B']);
    expect(ORDER_COMMANDS.deliver.pictures?.of({ orderId: 1, signature: 'S' })).toEqual(['S']);
    const withPictures = ORDER_COMMAND_LIST.filter((command) => command.pictures).map((command) => command.path);
    expect(withPictures).toEqual(['/workflow/order/receipt', '/workflow/order/pack', '/workflow/order/deliver']);
  });
});

describe('placing an order (create)', () => {
  it('lands in its initial status, or, with the proof attached in the same event, in Aguardando aprovação', () => {
    const S = ORDER_STATUS;
    expect(placedStatus(S.AGUARDANDO_ESTOQUISTA, false)).toBe(S.AGUARDANDO_ESTOQUISTA);
    expect(placedStatus(S.AGUARDANDO_COMPROVANTE, false)).toBe(S.AGUARDANDO_COMPROVANTE);
    expect(placedStatus(S.AGUARDANDO_COMPROVANTE, true)).toBe(S.AGUARDANDO_APROVACAO);
    // No proof to attach from these: the order stays where it starts.
    expect(placedStatus(S.AGUARDANDO_ESTOQUISTA, true)).toBe(S.AGUARDANDO_ESTOQUISTA);
    expect(placedStatus(S.PROCESSANDO, true)).toBe(S.PROCESSANDO);
    expect(ORDER_CREATION).toMatchObject({ from: null, action: 'create', permissions: ['bo:manage:internal_sales'] });
    // 17: a sale on credit held for approval (issue 40 §1); 6: a repair's bill paid at the counter (decision 0060).
    expect([...ORDER_CREATION.to].sort((a, b) => a - b)).toEqual([1, 6, 9, 10, 11, 17]);
    expect(repairBillStatus(S.AGUARDANDO_ESTOQUISTA)).toBe(S.AGUARDANDO_CLIENTE);
    expect(repairBillStatus(S.PROCESSANDO)).toBe(S.PROCESSANDO);
    expect(repairBillStatus(S.AGUARDANDO_COMPROVANTE)).toBe(S.AGUARDANDO_COMPROVANTE);
  });
});
