import type { CashOverview, SellingProduct, WalkInCustomer } from '@backoffice/contract';

/** Fixtures of the counter's tests. */

/** Ana's 'Consumidor final': whose (list) prices the search shows until a customer is picked. */
export const WALK_IN: WalkInCustomer = { id: 50, name: 'Consumidor final', email: 'balcao.ana@loja.local' };

/** A shop without drawers: cash needs none. */
export const NO_DRAWERS: CashOverview = { registers: [], mySessionId: null, pendingApprovals: 0, tolerance: 0 };

/** A case at R$ 129,90 at the list price. */
export const CAPA: SellingProduct = {
  productId: 3,
  code: 'CAP-15',
  name: 'Capa de silicone iPhone 15',
  brand: 'Apple',
  reference: 'iPhone 15',
  imagesUrl: [],
  priceDiscounted: 129.9,
  stock: 10,
};

/** Joana, a registered 'Ouro' customer (found by her name, CPF or e-mail). */
export const JOANA = {
  id: 7,
  name: 'Joana Ouro',
  email: 'joana@cliente.com.br',
  document: '529.982.247-25',
  levelName: 'Ouro',
};
