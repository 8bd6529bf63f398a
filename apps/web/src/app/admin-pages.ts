import {
  BANK_RECONCILIATION_PERMISSIONS,
  CASH_ADMIN_PERMISSIONS,
  CASH_APPROVAL_PERMISSIONS,
  CASH_FLOW_PERMISSIONS,
  CASH_OPERATE_PERMISSIONS,
  PERMISSIONS,
  REPAIR_TASKS_ACCESS,
  TASKS_ACCESS,
  TRADE_IN_PERMISSIONS,
} from '@backoffice/contract';

/**
 * Every admin page: its path under /admin, its sidebar label, the permissions it accepts (any one of them;
 * full:access always passes, spec section 6). Each page's code-split component is `routes.tsx`'s: the sidebar
 * reads this list without loading the router or any page.
 */
export interface AdminPage {
  path: string;
  label: string;
  permissions: readonly string[];
  /** Or any one of these employee functions, whatever the role holds ('Minhas tarefas': stockers, couriers). */
  functions?: readonly number[];
  /** Kept out of the sidebar (reportDetail). */
  hidden?: boolean;
  /** The sidebar's heading the page is listed under ('Compras'); none: in the main list. */
  group?: string;
}

const PAGES = [
  {
    path: 'dashboard',
    label: 'Painel de Controle',
    permissions: [PERMISSIONS.dashboard],
  },
  {
    path: 'customers',
    label: 'Clientes',
    permissions: [PERMISSIONS.customers],
  },
  {
    path: 'products',
    label: 'Produtos',
    permissions: [PERMISSIONS.products],
  },
  {
    path: 'employees',
    label: 'Funcionários',
    permissions: [PERMISSIONS.employees],
  },
  {
    path: 'roles',
    label: 'Regras',
    permissions: [PERMISSIONS.roles],
  },
  {
    path: 'orders',
    label: 'Pedidos',
    permissions: [PERMISSIONS.orders],
  },
  {
    path: 'dispatch',
    label: 'Expedição',
    // Whoever works the orders (the server refuses couriers: they use 'Minhas tarefas').
    permissions: [PERMISSIONS.orders],
  },
  {
    path: 'tasks',
    label: 'Minhas tarefas',
    // The contract's rule, as GET /orders/tasks checks it: orders or products, or a stocker's or courier's function.
    permissions: TASKS_ACCESS.permissions,
    functions: TASKS_ACCESS.functions,
  },
  {
    path: 'repairs',
    label: 'Assistência técnica',
    // The repair counter (issue 42 §2): service orders opened, moved at the counter, exported.
    permissions: [PERMISSIONS.repairs],
  },
  {
    path: 'repair-tasks',
    label: 'Bancada técnica',
    // The technician's 'Minhas tarefas' (GET /repairs/tasks): his function opens it, or 'Assistência técnica'.
    permissions: REPAIR_TASKS_ACCESS.permissions,
    functions: REPAIR_TASKS_ACCESS.functions,
  },
  {
    path: 'reports',
    label: 'Relatórios',
    permissions: [PERMISSIONS.reports],
  },
  {
    path: 'reportDetail',
    label: 'Detalhe do Relatório',
    permissions: [PERMISSIONS.internalSales],
    hidden: true,
  },
  {
    path: 'selling',
    label: 'Vendas',
    permissions: [PERMISSIONS.internalSales],
  },
  {
    path: 'counter',
    label: 'Balcão',
    // The counter's point of sale (issue 54 §1, decision 0074): sold, paid and handed over in one call.
    permissions: [PERMISSIONS.internalSales],
  },
  {
    path: 'quotes',
    label: 'Orçamentos',
    // Quotes are selling (issue 38 §4): saved from Vendas, converted here.
    permissions: [PERMISSIONS.internalSales],
  },
  {
    path: 'cash',
    label: 'Caixa',
    // The drawer (issue 40 §3): who runs a register, who administers them and who approves a difference.
    permissions: [...new Set([...CASH_OPERATE_PERMISSIONS, ...CASH_ADMIN_PERMISSIONS, ...CASH_APPROVAL_PERMISSIONS])],
  },
  {
    path: 'receivables',
    label: 'Contas a receber',
    // The instalments of the sales on credit (issue 40 §2): the desk receives them, 'Crédito e cobrança' too.
    permissions: [PERMISSIONS.orders, PERMISSIONS.credit],
  },
  {
    path: 'fiscal-notes',
    label: 'Notas fiscais',
    // The NF-e and NFC-e emitted (issue 41 §2): 'Notas fiscais' writes them; the desk (orders) reads them and prints the DANFE.
    permissions: [PERMISSIONS.invoices, PERMISSIONS.orders],
  },
  {
    path: 'trade-ins',
    label: 'Aparelhos usados',
    // Used phones taken in (issue 42 §1): the desk (orders) and the counter (selling) evaluate and take them in.
    permissions: TRADE_IN_PERMISSIONS,
  },
  {
    path: 'cash-flow',
    label: 'Fluxo de caixa',
    // What comes in and goes out (issue 40 §4): who collects ('Crédito e cobrança') or who pays ('Compras').
    permissions: CASH_FLOW_PERMISSIONS,
  },
  {
    path: 'bank-reconciliation',
    label: 'Conciliação bancária',
    // The bank statement against the books (issue 58 §3): who collects or who pays, as the cash flow.
    permissions: BANK_RECONCILIATION_PERMISSIONS,
  },
  {
    path: 'settings',
    label: 'Configurações',
    // Opens with orders (spec section 6), read-only; 'Configurações bancárias' (settings) changes them.
    permissions: [PERMISSIONS.orders, PERMISSIONS.settings],
  },
  {
    path: 'purchaseEntry',
    label: 'Entrada por XML',
    // Buying (issue 39), the group 'Compras': the supplier's NF-e XML into stock, the entries, suppliers, bills to pay.
    permissions: [PERMISSIONS.purchases],
    group: 'Compras',
  },
  {
    path: 'purchases',
    label: 'Entradas',
    permissions: [PERMISSIONS.purchases],
    group: 'Compras',
  },
  {
    path: 'suppliers',
    label: 'Fornecedores',
    permissions: [PERMISSIONS.purchases],
    group: 'Compras',
  },
  {
    path: 'payables',
    label: 'Contas a pagar',
    permissions: [PERMISSIONS.purchases],
    group: 'Compras',
  },
] as const satisfies readonly AdminPage[];

export type AdminPath = (typeof PAGES)[number]['path'];

/** The paths the sidebar lists (the hidden pages left out): each has its icon (`layout/nav-icons.tsx`). */
export type SidebarPath = Exclude<AdminPath, Extract<(typeof PAGES)[number], { hidden: true }>['path']>;

export const ADMIN_PAGES: readonly (AdminPage & { path: AdminPath })[] = PAGES;

export const DEFAULT_ADMIN_PATH = '/admin/dashboard';

/** Any signed-in employee's own profile: no permission needed, not in the sidebar. */
export const PROFILE_PATH = '/admin/profile';
