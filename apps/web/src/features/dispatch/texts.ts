/** Portuguese texts of 'Expedição' (issue 19): the departures board, the runs and their settlement. */
export const DISPATCH_PAGE_TEXTS = {
  title: 'Expedição',
  date: 'Dia',
  refresh: 'Atualizar',
  immediate: 'Entregas imediatas',
  departure: (time: string) => `Saída das ${time}`,
  noDepartures: 'Não há saídas de motoboys neste dia.',
  /** Opened at night (or on a day without departures): the board of the next day with one (issue 35 §10). */
  nextDay: (date: string) => `As saídas de hoje já passaram: mostrando as do próximo dia com saída, ${date}.`,
  noOrders: 'Nenhum pedido aguardando esta saída.',
  /** A place's figures, read before its orders (issue 36). */
  waiting: (orders: number, late: number, cash: string) =>
    `${orders === 1 ? '1 pedido aguardando' : `${orders} pedidos aguardando`}${
      late === 0 ? '' : late === 1 ? ' · 1 atrasado' : ` · ${late} atrasados`
    } · ${cash} a receber`,
  showOrders: 'Ver pedidos',
  ordersFailed: 'Não foi possível carregar os pedidos desta saída.',
  marked: (count: number) => (count === 1 ? '1 pedido marcado.' : `${count} pedidos marcados.`),
  late: 'Atrasado',
  courier: 'Motoboy',
  assign: 'Montar rota',
  assignHelp: 'Marque os pedidos e escolha o motoboy.',
  assigned: (count: number, courier: string) =>
    count === 1 ? `1 pedido na rota de ${courier}.` : `${count} pedidos na rota de ${courier}.`,
  assignFailed: 'Não foi possível montar a rota.',
  columns: {
    code: 'Pedido',
    customer: 'Cliente',
    neighborhood: 'Bairro',
    items: 'Itens',
    cash: 'A receber',
    packedAt: 'Embalado em',
  },
  select: (code: string) => `Selecionar o pedido ${code}`,
  runs: 'Rotas',
  noRun: 'Sem pedidos nesta saída. Arraste pedidos para cá, ou marque-os e escolha o motoboy.',
  column: (courier: string) => `Rota de ${courier}`,
  runSummary: (orders: number, cash: string) => `${orders} ${orders === 1 ? 'pedido' : 'pedidos'} · ${cash} a receber`,
  settled: 'Acertada',
  settle: 'Acertar',
  sheet: 'Romaneio (PDF)',
  sheetFailed: 'Não foi possível gerar o romaneio.',
  settleTitle: (courier: string) => `Acerto do motoboy: ${courier}`,
  settleText:
    'Conte o dinheiro que o motoboy trouxe. O esperado é calculado pelo servidor com os pedidos em dinheiro entregues.',
  declaredCash: 'Dinheiro entregue',
  note: 'Observação (obrigatória se houver diferença)',
  confirmSettle: 'Registrar acerto',
  /** Where the declared cash goes (decision 0053): the caller's open register, or none. */
  cashInto: (register: string) => `O dinheiro entra no ${register}.`,
  cashWentInto: (register: string) => `O dinheiro entrou no ${register}.`,
  noCashRegister: 'Nenhum caixa aberto por você: o dinheiro não entra em nenhum caixa.',
  close: 'Fechar',
  settledDone: 'Acerto registrado.',
  settleFailed: 'Não foi possível registrar o acerto.',
  settlements: {
    title: 'Acertos',
    start: 'De',
    end: 'Até',
    allCouriers: 'Todos os motoboys',
    empty: 'Nenhum acerto neste período.',
    columns: {
      settledAt: 'Acertado em',
      courier: 'Motoboy',
      departure: 'Saída',
      delivered: 'Entregues',
      broughtBack: 'Devolvidos',
      expected: 'Esperado',
      declared: 'Entregue',
      difference: 'Diferença',
      note: 'Observação',
    },
    totals: (expected: string, declared: string, difference: string) =>
      `Total: esperado ${expected} · entregue ${declared} · diferença ${difference}`,
  },
  settlementResult: (expected: string, declared: string, difference: string) =>
    `Esperado ${expected} · Entregue ${declared} · Diferença ${difference}`,
} as const;
