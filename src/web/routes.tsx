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
const AssessmentScreen = lazy(() => import('./features/journey/AssessmentScreen'))
const FirstQuestScreen = lazy(() => import('./features/journey/FirstQuestScreen'))
const DashboardScreen = lazy(() => import('./features/journey/DashboardScreen'))
const ExploreScreen = lazy(() => import('./features/journey/ExploreScreen'))
const MeditationTimerScreen = lazy(() => import('./features/practices/MeditationTimerScreen'))
const FocusExerciseScreen = lazy(() => import('./features/practices/FocusExerciseScreen'))
const MovementExerciseScreen = lazy(() => import('./features/practices/MovementExerciseScreen'))
const BreathingBubbleScreen = lazy(() => import('./features/practices/BreathingBubbleScreen'))
const StepQuestScreen = lazy(() => import('./features/practices/StepQuestScreen'))
const SensorySafariScreen = lazy(() => import('./features/practices/SensorySafariScreen'))
const KindnessQuestScreen = lazy(() => import('./features/practices/KindnessQuestScreen'))
const ComingSoonScreen = lazy(() => import('./features/placeholders/ComingSoonScreen'))
const ThresholdScreen = lazy(() => import('./features/practices/ThresholdScreen'))
const AchievementsGoalsScreen = lazy(() => import('./features/goals/AchievementsGoalsScreen'))
const GoalChatScreen = lazy(() => import('./features/goals/GoalChatScreen'))

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
        <Route path="/assessment" element={<AssessmentScreen />} />
        <Route path="/first-quest" element={<FirstQuestScreen />} />
        <Route path="/dashboard" element={<DashboardScreen />} />
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
