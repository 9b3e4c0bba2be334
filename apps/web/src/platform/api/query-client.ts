import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers are final; only network trouble and 5xx are worth another try
      retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500),
    },
  },
});
