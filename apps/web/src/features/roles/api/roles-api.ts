import type { Role, RoleInput } from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const rolesKey = ['roles'] as const;
export const permissionsKey = ['permissions'] as const;

export function useRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: async () => (await api<{ data: Role[] }>('/roles')).data });
}

/** The permission catalogue: key → Portuguese label. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: permissionsKey,
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
