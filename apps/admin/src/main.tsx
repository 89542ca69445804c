import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/app.tsx';
import { createQueryClient } from './shared/api/hooks.ts';
import { onTokenChange } from './shared/api/session.ts';
import './styles/admin.css';

const queryClient = createQueryClient();
// Answers of one session are never shown to the next (another operator, or the same after a new token).
onTokenChange(() => queryClient.clear());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
