import {
  EMPLOYEE_FUNC_PATHS,
  type Employee,
  type EmployeeFunc,
  type employeeSignupSchema,
  type employeeUpdateSchema,
} from '@backoffice/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { employeeKeys, roleKeys } from '../../../lib/shared-queries';

export { useRoleList as useRoleOptions } from '../../../lib/shared-queries';

export function useEmployees() {
  return useQuery({
    queryKey: employeeKeys.lists(),
    queryFn: async () => (await api<{ employees: Employee[] }>('/employees')).employees,
  });
}

export function createEmployee(body: z.output<typeof employeeSignupSchema>) {
  const path = EMPLOYEE_FUNC_PATHS[body.func as EmployeeFunc];
  return api<{ data: Employee }>(`/accounts/employee/${path}/signup`, { method: 'POST', body });
}

export function updateEmployee(func: EmployeeFunc, body: z.output<typeof employeeUpdateSchema>) {
  return api<{ data: Employee }>(`/employees/${EMPLOYEE_FUNC_PATHS[func]}`, { method: 'PUT', body });
}

/** After a create or an edit: the employees list and the couriers (a motoboy may have come, gone or been renamed). */
export function invalidateAfterEmployeeChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: employeeKeys.other('deliverers') }),
  ]);
}

/** 'Atualizar': the employees list and the roles of the role select. */
export function refetchEmployeesScreen(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  ]);
}
