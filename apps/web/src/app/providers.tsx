import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n.ts';
import { Spinner } from '../shared/ui/spinner.tsx';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {/* Suspends until the active catalogue (and the English fallback) has arrived. */}
        <Suspense fallback={<Spinner size="page" label="…" />}>{children}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
