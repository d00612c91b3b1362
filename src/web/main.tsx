import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { queryClient } from './app/query-client'
import { AppRoutes } from './routes'
import './styles.css'

/**
 * A data router around the app's routes, so that a screen can ask before the member leaves it with unsaved words
 * (`useBlocker`, docs/product.md#journal); the routes themselves stay in routes.tsx.
 */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
