import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

// The API client already retries idempotent GETs (RETRY_POLICY), so queries do not retry
// again on top of it. Errors are left to the page that shows the data.
const defaultOptions: DefaultOptions = {
  queries: {
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  },
  mutations: {
    retry: false,
  },
};

export const queryClient = new QueryClient({ defaultOptions });
