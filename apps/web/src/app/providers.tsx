import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Spinner } from '../shared/ui/spinner.tsx';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Suspends until the first view's texts have arrived (useTranslation). */}
      <Suspense fallback={<Spinner size="page" label="…" />}>{children}</Suspense>
    </QueryClientProvider>
  );
}
