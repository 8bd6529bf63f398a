import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** One retry for network/5xx failures; a 4xx answer is final. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
