import type { ChangePasswordInput, Profile } from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';

export const profileKeys = createQueryKeys('profile');

/** The signed-in employee (GET /accounts/me). */
export function useProfile() {
  return useQuery({
    queryKey: profileKeys.detail('me'),
    queryFn: async () => (await api<{ data: Profile }>('/accounts/me')).data,
  });
}

/** Changes the own password; the answer is a fresh session for this browser (the others end). */
export function changePassword(body: ChangePasswordInput) {
  return api<{ data: { accessToken: string; expires: number; permissions: string[] } }>('/accounts/me/password', {
    method: 'PATCH',
    body,
  });
}
