/** Every permission key the server knows. `full:access` is the wildcard that passes every check. */
export const FULL_ACCESS = 'full:access' as const;

export const PERMISSIONS = {
  fullAccess: FULL_ACCESS,
  dashboard: 'bo:manage:dashboard',
  employees: 'bo:manage:employees',
  products: 'bo:manage:products',
  customers: 'bo:manage:customers',
  roles: 'bo:manage:roles',
  reports: 'bo:manage:reports',
  orders: 'bo:manage:orders',
  selling: 'bo:manage:selling',
  internalSales: 'bo:manage:internal_sales',
  /** Writing where the shop gets paid: bank settings (Pix keys, accounts) and the company's Pix settings. */
  settings: 'bo:manage:settings',
  /** Buying (issue 39): suppliers, stock entries from the supplier's NF-e, and the bills to pay. */
  purchases: 'bo:manage:purchases',
  /** Credit and collection (issue 40): customers' credit, receivables, and approving a cash drawer's difference. */
  credit: 'bo:manage:credit',
  /** Invoices (issue 41): emitting an order's NF-e or NFC-e, cancelling, correcting, voiding numbers. */
  invoices: 'bo:manage:invoices',
  /** Used phones (issue 42 §1): the trade-ins' price table and deductions, and a value above the offer. */
  tradeIns: 'bo:manage:trade-ins',
  /** Repairs (issue 42 §2): service orders, their estimates and moves. */
  repairs: 'bo:manage:repairs',
} as const;

export type PermissionKey = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Portuguese labels of the permission catalogue, served by GET /permissions. */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  'full:access': 'Acesso total',
  'bo:manage:dashboard': 'Painel de Controle',
  'bo:manage:employees': 'Gerenciar funcionários',
  'bo:manage:products': 'Gerenciar produtos e estoque',
  'bo:manage:customers': 'Gerenciar clientes',
  'bo:manage:roles': 'Gerenciar regras de acesso',
  'bo:manage:reports': 'Relatórios',
  'bo:manage:orders': 'Gerenciar pedidos e ver as configurações',
  'bo:manage:selling': 'Vendas',
  'bo:manage:internal_sales': 'Vendas internas (em nome do cliente)',
  'bo:manage:settings': 'Configurações bancárias',
  'bo:manage:purchases': 'Compras',
  'bo:manage:credit': 'Crédito e cobrança',
  'bo:manage:invoices': 'Notas fiscais',
  'bo:manage:trade-ins': 'Avaliação de usados: tabela e valores',
  'bo:manage:repairs': 'Assistência técnica',
};

export const ALL_PERMISSION_KEYS = Object.keys(PERMISSION_LABELS) as PermissionKey[];

export function isPermissionKey(value: string): value is PermissionKey {
  return (ALL_PERMISSION_KEYS as string[]).includes(value);
}

/** True when `held` grants full:access, which passes every permission check (and every function rule). */
export function hasFullAccess(held: readonly string[]): boolean {
  return held.includes(FULL_ACCESS);
}

/**
 * The permission check, once for the API, the web and the contract: true when the holder of `held` may do something
 * that accepts any one of `accepted` (full:access always may).
 */
export function hasAnyPermission(held: readonly string[], accepted: readonly string[]): boolean {
  return hasFullAccess(held) || accepted.some((key) => held.includes(key));
}

/**
 * Who may call something: any one of `permissions` (full:access always passes), OR an employee whose
 * function (1 Atendente, 2 Motoboy, 3 Estoquista) is one of `functions` — the field work a function
 * opens by itself ("Minhas tarefas" of stockers and couriers), whatever their role holds.
 */
export interface AccessRule {
  permissions: readonly string[];
  functions: readonly number[];
}

/** True when an employee holding `held`, of function `func`, passes `rule`. */
export function allows(rule: AccessRule, held: readonly string[], func: number | null | undefined): boolean {
  if (hasAnyPermission(held, rule.permissions)) return true;
  return func !== null && func !== undefined && rule.functions.includes(func);
}
