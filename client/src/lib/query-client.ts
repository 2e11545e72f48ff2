import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

// Data never goes stale, no refetch on focus, no polling, no retries.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
