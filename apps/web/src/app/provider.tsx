// App-wide providers: server-state cache (reset when the session changes), the
// consent dialog of chain actions and the toast viewport.
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { ChainActionProvider } from '@/features/custody';
import { SessionScopedCache } from './session-scoped-cache';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ChainActionProvider>{children}</ChainActionProvider>
      <Toaster />
      <SessionScopedCache />
    </QueryClientProvider>
  );
}
