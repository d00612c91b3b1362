import { lazy } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { Shell } from './app/Shell'
import { useSession } from './app/session'
import { LandingScreen } from './features/landing/LandingScreen'

const OnboardingScreen = lazy(() => import('./features/onboarding/OnboardingScreen'))
const AuthScreen = lazy(() => import('./features/auth/AuthScreen'))
const ForgotPasswordScreen = lazy(() => import('./features/auth/ForgotPasswordScreen'))
const ResetPasswordScreen = lazy(() => import('./features/auth/ResetPasswordScreen'))
const WeeklyDashboardScreen = lazy(() => import('./features/weekly/WeeklyDashboardScreen'))
const RecapScreen = lazy(() => import('./features/weekly/RecapScreen'))
const ComingSoonScreen = lazy(() => import('./features/placeholders/ComingSoonScreen'))
const NotBuiltYetScreen = lazy(() => import('./features/placeholders/NotBuiltYetScreen'))

/** Screens that later issues build; registered now so the shell's rules apply to them. */
const LATER_ROUTES = [
  '/assessment',
  '/first-quest',
  '/dashboard',
  '/explore',
  '/threshold/:exerciseId',
  '/meditation-timer',
  '/focus-exercise',
  '/movement-exercise',
  '/breathing-bubble',
  '/step-quest',
  '/sensory-safari',
  '/kindness-quest',
  '/achievements-goals',
  '/goal-chat',
]

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path="/" element={<LandingScreen />} />
        <Route path="/onboarding" element={<OnboardingScreen />} />
        <Route path="/auth/forgot-password" element={<ForgotPasswordScreen />} />
        <Route path="/auth/reset-password" element={<ResetPasswordScreen />} />
        <Route path="/auth/:pathName" element={<AuthScreen />} />
        <Route path="/weekly-dashboard" element={<WeeklyDashboardScreen />} />
        <Route path="/recap-conversation" element={<RecapScreen />} />
        <Route path="/threshold" element={<Navigate to="/dashboard" replace />} />
        {LATER_ROUTES.map((path) => (
          <Route key={path} path={path} element={<NotBuiltYetScreen />} />
        ))}
        {['/journal', '/stats', '/community'].map((path) => (
          <Route key={path} path={path} element={<ComingSoonScreen />} />
        ))}
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  )
}

/** SPEC §2: a signed-in user off the known routes goes to the weekly home; the shell sends others to /. */
function UnknownRoute() {
  const { data: user } = useSession()
  return <Navigate to={user ? '/weekly-dashboard' : '/'} replace />
}
