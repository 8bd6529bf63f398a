import { QueryClient } from '@tanstack/react-query';
import { ApiError, isNoAnswer } from '../lib/api-client';

/**
 * One retry for a read that got no answer or a 5xx; a 4xx answer is final. An action (mutation) is sent
 * even when the browser says it is offline (`networkMode: 'always'`): instead of waiting silently, it fails
 * at once with 'Sem conexão com o servidor. Tente novamente.' and the screen keeps what is open for the retry
 * (decision 0004); it is never retried on its own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (count, error) => (isNoAnswer(error) || !(error instanceof ApiError && error.status < 500)) && count < 1,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
