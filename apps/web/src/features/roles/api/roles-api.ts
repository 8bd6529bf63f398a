import type { Role, RoleInput } from '@backoffice/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';
import { employeeKeys, roleKeys } from '../../../lib/shared-queries';

export { useRoleList as useRoles } from '../../../lib/shared-queries';

const permissionKeys = createQueryKeys('permissions');

/** The permission catalogue: key → Portuguese label. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: permissionKeys.all,
    queryFn: async () => (await api<{ data: Record<string, string> }>('/permissions')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function createRole(body: RoleInput) {
  return api<{ data: Role }>('/roles', { method: 'POST', body });
}

export function updateRole(id: number, body: RoleInput) {
  return api<{ data: Role }>(`/roles/${id}`, { method: 'PATCH', body });
}

/** After a create: the roles list. After an edit also the employees list, which shows each one's role name. */
export function invalidateAfterRoleChange(queryClient: QueryClient, edited: boolean) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
    edited ? queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }) : undefined,
  ]);
}

/** 'Atualizar': the roles list. */
export function refetchRoles(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
}
