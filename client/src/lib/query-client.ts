import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

// SPEC.md section 9: data never goes stale, no refetch on focus, no polling, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
