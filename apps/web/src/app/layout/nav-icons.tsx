import type { IconName } from '../../components/plain/icon-paths';

/** Sidebar icon of each admin page (by path): the Material icons' drawings (components/plain/icon-paths.ts). */
export const NAV_ICONS: Record<string, IconName> = {
  dashboard: 'dashboard',
  customers: 'peopleAlt',
  products: 'inventory2',
  employees: 'badge',
  roles: 'adminPanelSettings',
  orders: 'receiptLong',
  dispatch: 'localShipping',
  tasks: 'assignmentTurnedIn',
  reports: 'assessment',
  selling: 'pointOfSale',
  settings: 'settings',
};
