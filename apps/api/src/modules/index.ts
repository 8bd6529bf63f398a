import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes';
import { adjustmentsRoutes } from './adjustments/adjustments.routes';
import { auditRoutes } from './audit/audit.routes';
import { backupsRoutes } from './backups/backups.routes';
import { customersRoutes } from './customers/customers.routes';
import { dispatchRoutes } from './dispatch/dispatch.routes';
import { employeesRoutes } from './employees/employees.routes';
import { eventsRoutes } from './events/events.routes';
import { filesRoutes } from './files/files.routes';
import { importsRoutes } from './imports/imports.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { ordersRoutes } from './orders/orders.routes';
import { tasksRoutes } from './orders/tasks.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { productsRoutes } from './products/products.routes';
import { purchasesRoutes } from './purchases/purchases.routes';
import { quotesRoutes } from './quotes/quotes.routes';
import { reportsRoutes } from './reports/reports.routes';
import { rolesRoutes } from './roles/roles.routes';
import { searchRoutes } from './search/search.routes';
import { sellingRoutes } from './selling/selling.routes';
import { settingsRoutes } from './settings/settings.routes';

/** Every domain's routes, under /api. A new domain adds one line here. */
export async function registerModules(api: FastifyInstance) {
  await api.register(accountsRoutes);
  await api.register(employeesRoutes);
  await api.register(rolesRoutes);
  await api.register(customersRoutes);
  await api.register(productsRoutes);
  await api.register(settingsRoutes);
  await api.register(ordersRoutes);
  await api.register(adjustmentsRoutes);
  await api.register(tasksRoutes);
  await api.register(reportsRoutes);
  await api.register(sellingRoutes);
  await api.register(quotesRoutes);
  await api.register(paymentsRoutes);
  await api.register(dispatchRoutes);
  await api.register(filesRoutes);
  await api.register(eventsRoutes);
  await api.register(searchRoutes);
  await api.register(auditRoutes);
  await api.register(notificationsRoutes);
  await api.register(importsRoutes);
  await api.register(backupsRoutes);
  await api.register(purchasesRoutes);
}
