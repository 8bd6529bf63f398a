import {
  EMPLOYEE_FUNC_PATHS,
  type Employee,
  type EmployeeFunc,
  type employeeSignupSchema,
  type employeeUpdateSchema,
  type Role,
} from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export const employeesKey = ['employees'] as const;
export const rolesKey = ['roles'] as const;

export function useEmployees() {
  return useQuery({
    queryKey: employeesKey,
    queryFn: async () => (await api<{ employees: Employee[] }>('/employees')).employees,
  });
}

/** Roles for the role select (GET /roles answers `{ data: [...] }`). */
export function useRoleOptions() {
  return useQuery({ queryKey: rolesKey, queryFn: async () => (await api<{ data: Role[] }>('/roles')).data });
}

export function createEmployee(body: z.output<typeof employeeSignupSchema>) {
  const path = EMPLOYEE_FUNC_PATHS[body.func as EmployeeFunc];
  return api<unknown>(`/accounts/employee/${path}/signup`, { method: 'POST', body });
}

export function updateEmployee(func: EmployeeFunc, body: z.output<typeof employeeUpdateSchema>) {
  return api<unknown>(`/employees/${EMPLOYEE_FUNC_PATHS[func]}`, { method: 'PUT', body });
}
