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
  'bo:manage:orders': 'Gerenciar pedidos e configurações',
  'bo:manage:selling': 'Vendas',
  'bo:manage:internal_sales': 'Vendas internas (em nome do cliente)',
};

export const ALL_PERMISSION_KEYS = Object.keys(PERMISSION_LABELS) as PermissionKey[];

export function isPermissionKey(value: string): value is PermissionKey {
  return (ALL_PERMISSION_KEYS as string[]).includes(value);
}

/** True when the holder of `held` may do something that accepts any one of `accepted`. */
export function hasAnyPermission(held: readonly string[], accepted: readonly string[]): boolean {
  if (held.includes(FULL_ACCESS)) return true;
  return accepted.some((key) => held.includes(key));
}
