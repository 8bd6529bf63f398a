/** The words of live updates (issue 9, part 5). */
export const LIVE_TEXTS = {
  soundOn: 'Ativar som de novos pedidos',
  soundOff: 'Desativar som de novos pedidos',
  /** Read with the 'Pedidos' menu entry while it shows a count. */
  newOrders: (count: number) => (count === 1 ? '1 novo pedido' : `${count} novos pedidos`),
} as const;
