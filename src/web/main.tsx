import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { hearHistoryFirst } from './app/leave-guard'
import { queryClient } from './app/query-client'
import { registerServiceWorker } from './app/service-worker'
import { sessionQuery } from './app/session'
import { AppRoutes } from './routes'
import './styles.css'

hearHistoryFirst()
registerServiceWorker()
// Asked before the first render rather than by it: every route waits on the answer or uses it.
void queryClient.prefetchQuery(sessionQuery)
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* The declarative router: a screen that asks before the member leaves uses app/leave-guard.ts (docs/decisions/0038). */}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
)
