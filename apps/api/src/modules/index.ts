import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes';
import { customersRoutes } from './customers/customers.routes';
import { employeesRoutes } from './employees/employees.routes';
import { filesRoutes } from './files/files.routes';
import { ordersRoutes } from './orders/orders.routes';
import { productsRoutes } from './products/products.routes';
import { reportsRoutes } from './reports/reports.routes';
import { rolesRoutes } from './roles/roles.routes';
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
  await api.register(reportsRoutes);
  await api.register(sellingRoutes);
  await api.register(filesRoutes);
}
