import type { IconName } from '../../components/plain/icon-paths';
import type { SidebarPath } from '../admin-pages';

/**
 * Sidebar icon of each admin page (by path): the Material icons' drawings (components/plain/icon-paths.ts). Every
 * page in the sidebar must have one (the type says so: 'Orçamentos' came without).
 */
export const NAV_ICONS: Record<SidebarPath, IconName> = {
  dashboard: 'dashboard',
  customers: 'peopleAlt',
  products: 'inventory2',
  employees: 'badge',
  roles: 'adminPanelSettings',
  orders: 'receiptLong',
  dispatch: 'localShipping',
  tasks: 'assignmentTurnedIn',
  repairs: 'build',
  'repair-tasks': 'build',
  reports: 'assessment',
  selling: 'pointOfSale',
  counter: 'pointOfSale',
  quotes: 'requestQuote',
  cash: 'pointOfSale',
  receivables: 'requestQuote',
  'cash-flow': 'showChart',
  'bank-reconciliation': 'payments',
  'fiscal-notes': 'description',
  'trade-ins': 'smartphone',
  suppliers: 'business',
  payables: 'payments',
  purchaseEntry: 'uploadFile',
  purchases: 'moveToInbox',
  settings: 'settings',
};
