import type { QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { queryClient } from './app/query-client'
import { Shell } from './app/Shell'
import { GROUNDING_ROUTE, SAFETY_PLAN_ROUTE, SAFETY_ROUTE, VERIFY_EMAIL_ROUTE } from './app/route-access'
import { useSession } from './app/session'
import { LandingScreen } from './features/landing/LandingScreen'
import { preloadable } from './lib/preloadable'

/** The code of the screen the app opened on, when it is one of `screen`'s; the shell shows it once this settles. */
let openingScreenCode: Promise<unknown> = Promise.resolve()

/**
 * A lazily loaded screen that needs a session. Opened directly at `path`, its code, and its data when `prefetch` says
 * which, start loading once the first frame is painted instead of after the session check, so a phone fetches them
 * all at once. A failed early load is left to the screen's own load to report.
 */
function screen<P extends object>(path: string, load: () => Promise<{ default: ComponentType<P> }>, prefetch?: () => Promise<unknown>) {
  const { Component, preload } = preloadable<P>(load)
  if (window.location.pathname === path) {
    openingScreenCode = new Promise((resolve) => {
      // After the first frame: the shell's 'Loading Your Experience...' shows before the work of starting these.
      requestAnimationFrame(() =>
        setTimeout(() => {
          preload().then(resolve, resolve)
          prefetch?.().catch(() => undefined)
        }),
      )
    })
  }
  return Component
}

const OnboardingScreen = lazy(() => import('./features/onboarding/OnboardingScreen'))
const AuthScreen = lazy(() => import('./features/auth/AuthScreen'))
const ForgotPasswordScreen = lazy(() => import('./features/auth/ForgotPasswordScreen'))
const ResetPasswordScreen = lazy(() => import('./features/auth/ResetPasswordScreen'))
const VerifyEmailScreen = lazy(() => import('./features/auth/VerifyEmailScreen'))
const SafetyScreen = lazy(() => import('./features/safety/SafetyScreen'))
const GroundingScreen = lazy(() => import('./features/practices/GroundingScreen'))
/**
 * The daily check-in card, shown on the weekly home and the dashboard, which don't import another feature: the routes
 * hand it to them (docs/decisions/0033). Its code and today's check-ins load beside the screen's, not after it.
 */
const loadCheckInCard = () => import('./features/check-ins/CheckInCard')
const { Component: CheckInCard, preload: preloadCheckInCard } = preloadable(loadCheckInCard)
const prefetchCheckIns = () =>
  loadCheckInCard().then(({ todayCheckInsQuery }) => queryClient.prefetchQuery(todayCheckInsQuery))
/** The screen's code with the card's, so the card is there when the screen first shows. */
const withCheckInCard = <T,>(load: () => Promise<T>) => () => Promise.all([load(), preloadCheckInCard()]).then(([module]) => module)
const resumeCheckIns = (client: QueryClient, userId: string) => loadCheckInCard().then(({ resumePendingCheckIns }) => resumePendingCheckIns(client, userId))
const checkInCard = (
  <Suspense fallback={<div className="mt-6 h-44 rounded-3xl bg-white/5" />}>
    <CheckInCard />
  </Suspense>
)

const prefetchJourney = () => import('./data/journey').then(({ journeyQuery }) => queryClient.prefetchQuery(journeyQuery))

const WeeklyDashboardScreen = screen(
  '/weekly-dashboard',
  withCheckInCard(() => import('./features/weekly/WeeklyDashboardScreen')),
  // The Today card at its top reads the journey.
  () => Promise.all([import('./data/weekly').then(({ weeklyQuery }) => queryClient.prefetchQuery(weeklyQuery)), prefetchJourney(), prefetchCheckIns()]),
)
const RecapScreen = screen('/recap-conversation', () => import('./features/weekly/RecapScreen'))
const AssessmentScreen = screen('/assessment', () => import('./features/journey/AssessmentScreen'))
const FirstQuestScreen = screen('/first-quest', () => import('./features/journey/FirstQuestScreen'))
const DashboardScreen = screen(
  '/dashboard',
  withCheckInCard(() => import('./features/journey/DashboardScreen')),
  () => Promise.all([prefetchJourney(), prefetchCheckIns()]),
)
const ExploreScreen = screen('/explore', () => import('./features/journey/ExploreScreen'))
const MeditationTimerScreen = lazy(() => import('./features/practices/MeditationTimerScreen'))
const FocusExerciseScreen = lazy(() => import('./features/practices/FocusExerciseScreen'))
const MovementExerciseScreen = lazy(() => import('./features/practices/MovementExerciseScreen'))
const BreathingBubbleScreen = lazy(() => import('./features/practices/BreathingBubbleScreen'))
const StepQuestScreen = lazy(() => import('./features/practices/StepQuestScreen'))
const SensorySafariScreen = lazy(() => import('./features/practices/SensorySafariScreen'))
const KindnessQuestScreen = lazy(() => import('./features/practices/KindnessQuestScreen'))
const ComingSoonScreen = lazy(() => import('./features/placeholders/ComingSoonScreen'))
const ThresholdScreen = lazy(() => import('./features/practices/ThresholdScreen'))
const AchievementsGoalsScreen = screen('/achievements-goals', () => import('./features/goals/AchievementsGoalsScreen'))
const GoalChatScreen = screen('/goal-chat', () => import('./features/goals/GoalChatScreen'))
const SettingsScreen = screen('/settings', () => import('./features/settings/SettingsScreen'))
const StatsScreen = screen(
  '/stats',
  () => import('./features/stats/StatsScreen'),
  () => import('./data/stats').then(({ statsQuery }) => queryClient.prefetchQuery(statsQuery('30d'))),
)
const ReflectScreen = lazy(() => import('./features/journal/ReflectScreen'))
const JournalScreen = screen(
  '/journal',
  () => import('./features/journal/JournalScreen'),
  () => import('./data/journal').then(({ journalQuery }) => queryClient.prefetchInfiniteQuery(journalQuery)),
)

const CalendarScreen = screen('/calendar', () => import('./features/calendar/CalendarScreen'))
const SafetyPlanScreen = screen(SAFETY_PLAN_ROUTE, () => import('./features/safety-plan/SafetyPlanScreen'))

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell resumeCheckIns={resumeCheckIns} openingScreenCode={openingScreenCode} />}>
        <Route path="/" element={<LandingScreen />} />
        <Route path="/onboarding" element={<OnboardingScreen />} />
        <Route path="/auth/forgot-password" element={<ForgotPasswordScreen />} />
        <Route path="/auth/reset-password" element={<ResetPasswordScreen />} />
        <Route path={VERIFY_EMAIL_ROUTE} element={<VerifyEmailScreen />} />
        <Route path="/auth/:pathName" element={<AuthScreen />} />
        <Route path="/weekly-dashboard" element={<WeeklyDashboardScreen checkIn={checkInCard} />} />
        <Route path="/recap-conversation" element={<RecapScreen />} />
        <Route path="/assessment" element={<AssessmentScreen />} />
        <Route path="/first-quest" element={<FirstQuestScreen />} />
        <Route path="/dashboard" element={<DashboardScreen checkIn={checkInCard} />} />
        <Route path="/explore" element={<ExploreScreen />} />
        <Route path="/threshold" element={<Navigate to="/dashboard" replace />} />
        <Route path="/threshold/:exerciseId" element={<ThresholdScreen />} />
        <Route path="/meditation-timer" element={<MeditationTimerScreen />} />
        <Route path="/focus-exercise" element={<FocusExerciseScreen />} />
        <Route path="/movement-exercise" element={<MovementExerciseScreen />} />
        <Route path="/breathing-bubble" element={<BreathingBubbleScreen />} />
        <Route path="/step-quest" element={<StepQuestScreen />} />
        <Route path="/sensory-safari" element={<SensorySafariScreen />} />
        <Route path="/kindness-quest" element={<KindnessQuestScreen />} />
        <Route path="/achievements-goals" element={<AchievementsGoalsScreen />} />
        <Route path="/goal-chat" element={<GoalChatScreen />} />
        <Route path="/settings" element={<SettingsScreen />} />
        <Route path="/journal/:entryId/reflect" element={<ReflectScreen />} />
        <Route path={SAFETY_ROUTE} element={<SafetyScreen />} />
        <Route path={SAFETY_PLAN_ROUTE} element={<SafetyPlanScreen />} />
        <Route path={GROUNDING_ROUTE} element={<GroundingScreen />} />
        <Route path="/journal" element={<JournalScreen />} />
        <Route path="/calendar" element={<CalendarScreen />} />
        <Route path="/stats" element={<StatsScreen />} />
        <Route path="/community" element={<ComingSoonScreen />} />
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  )
}

/**
 * A signed-in user off the known routes goes to the weekly home; the shell sends others to / (docs/product.md#routes).
 */
function UnknownRoute() {
  const { data: user } = useSession()
  return <Navigate to={user ? '/weekly-dashboard' : '/'} replace />
}
