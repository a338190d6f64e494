'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, loggerLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { useState, type ReactNode } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '@/server/api/root';

export const api = createTRPCReact<AppRouter>();

function crearQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (n, e) =>
          n < 2 &&
          !/UNAUTHORIZED|FORBIDDEN|NOT_FOUND|BAD_REQUEST/.test(
            String((e as { data?: { code?: string } })?.data?.code),
          ),
      },
    },
  });
}

export function TRPCProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(crearQueryClient);
  const [cliente] = useState(() =>
    api.createClient({
      links: [
        loggerLink({
          enabled: (op) =>
            process.env.NODE_ENV === 'development' &&
            op.direction === 'down' &&
            op.result instanceof Error,
        }),
        httpBatchLink({ url: '/api/trpc', transformer: superjson }),
      ],
    }),
  );
  return (
    <api.Provider client={cliente} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </api.Provider>
  );
}
