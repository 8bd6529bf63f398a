import { SEARCH_LIMITS, type SearchKind } from '@backoffice/contract';

export const PALETTE_TEXTS = {
  title: 'Pesquisar',
  input: 'Pesquisar pedidos, clientes, produtos, IMEI, funcionários e páginas',
  placeholder: 'Código do pedido, cliente, CPF, telefone, produto, IMEI…',
  results: 'Resultados',
  empty: 'Nada encontrado.',
  typeMore: `Digite ao menos ${SEARCH_LIMITS.minLength} caracteres para pesquisar registros.`,
  loading: 'Pesquisando…',
  failed: 'Não foi possível pesquisar.',
  hint: '↑↓ para escolher · Enter para abrir · Esc para fechar',
  kinds: {
    page: 'Página',
    order: 'Pedido',
    unit: 'Aparelho',
    customer: 'Cliente',
    product: 'Produto',
    employee: 'Funcionário',
    action: 'Ação',
  } satisfies Record<SearchKind | 'page' | 'action', string>,
  /** A result no page of the employee's opens (a phone in stock, to the desk): said instead of opening it. */
  noPage: 'Só para consulta: nenhuma das suas telas abre este registro.',
} as const;
