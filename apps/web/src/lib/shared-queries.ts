import {
  COMPANY_ID,
  type CompanySettings,
  type Deliverer,
  type DeliverySchedule,
  type Role,
} from '@backoffice/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { createQueryKeys } from './query-keys';

/**
 * Queries that more than one feature shows, defined once here (features never import each other): the
 * roles list (Regras, and the role select of Funcionários) and the couriers (Clientes' 'Associar motoboy',
 * and the orders' courier change to come). A feature's own queries stay in its `api/` module.
 */
export const employeeKeys = createQueryKeys('employees');
export const roleKeys = createQueryKeys('roles');
/** The dashboard's cards and charts: the orders' live events invalidate them too. */
export const dashboardKeys = createQueryKeys('dashboard');
/** The top bar's bell (GET /notifications): the live events invalidate it (an order change, `event: notification`). */
export const notificationKeys = createQueryKeys('notifications');

/** GET /roles: every role with its permission keys. */
export const roleListQuery = queryOptions({
  queryKey: roleKeys.lists(),
  queryFn: async () => (await api<{ data: Role[] }>('/roles')).data,
});

export function useRoleList() {
  return useQuery(roleListQuery);
}

/** GET /employees/deliverers: the couriers not blocked, id and name. Changes with any employee. */
export const delivererListQuery = queryOptions({
  queryKey: employeeKeys.other('deliverers'),
  queryFn: async () => (await api<{ deliverers: Deliverer[] }>('/employees/deliverers')).deliverers,
});

/** `enabled` false waits (e.g. until the dialog that lists them opens). */
export function useDeliverers(enabled = true) {
  return useQuery({ ...delivererListQuery, enabled });
}

/**
 * GET /settings/departures: the couriers' week of departures as the shop keeps it in Configurações (issue
 * 21; section 9's by default, decided by the server). Dispatch, selling and the settings card read it.
 */
export const departureKeys = createQueryKeys('departures');
export const departureWeekQuery = queryOptions({
  queryKey: departureKeys.detail('week'),
  queryFn: async () => (await api<{ data: { departures: DeliverySchedule } }>('/settings/departures')).data.departures,
  staleTime: 5 * 60_000,
});

export function useDepartureWeek() {
  return useQuery(departureWeekQuery);
}

/**
 * GET /companies/settings/{companyId}: the shop's name, CNPJ, address and Pix settings ('Configurações da
 * Empresa'); the settings page edits them, the order's PDF prints the shop's identity from them. The key is
 * the settings feature's (`settingsKeys.detail(COMPANY_ID)`), so its saves refresh the PDF's too.
 */
export const companySettingsQuery = queryOptions({
  queryKey: createQueryKeys('settings').detail(COMPANY_ID),
  queryFn: async () => (await api<{ data: CompanySettings }>(`/companies/settings/${COMPANY_ID}`)).data,
});
