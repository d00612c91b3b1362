import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import type { GoalResult } from '~/core/olo'
import { BADGES_START_MS } from '~/core/timings'
import { ApiRequestError } from '~/web/api'
import { achievementsQuery, goalChatQuery, goalFromChatQuery, goalsQuery, useCategories, type GoalChatCategory } from '~/web/data/goals'
import { AudioToggle } from '~/web/olo/AudioToggle'
import { ChatInput } from '~/web/olo/ChatInput'
import { ChatPage } from '~/web/olo/ChatPage'
import { HelpCard } from '~/web/olo/HelpCard'
import { useChatOpening } from '~/web/olo/useChatOpening'
import { useOloChat } from '~/web/olo/useOloChat'
import { ErrorPanel } from '~/web/ui/ErrorPanel'
import { CATEGORY_PARAM, categoryFromAddress, CONVERSATION_PARAM, GOALS_HOME } from './address'
import { BadgeOverlay } from './BadgeOverlay'
import { CategoryIcon } from './categoryIcons'
import { daysBetween } from './format'
import { GoalCreatedCard } from './GoalCreatedCard'
import { OloOrb, Transcript } from './OloOrb'

/** When the goal chat can't start (docs/product.md#errors). */
const START_FAILED = 'Failed to start conversation with Olo. Please try again.'

/**
 * /goal-chat, 'Goal Creation with Olo' (docs/product.md#goal-chat): a chat with Olo about the chosen category that ends
 * in a goal, then its four badges are made and the user goes back to the goals. The conversation is opened once and its
 * id kept in the address, so a reload resumes the same chat.
 */
export default function GoalChatScreen() {
  const [params, setParams] = useSearchParams()
  const categoryId = categoryFromAddress(params.get(CATEGORY_PARAM))
  const conversationInAddress = params.get(CONVERSATION_PARAM)
  const categories = useCategories()

  const start = useChatOpening(goalChatQuery(categoryId, conversationInAddress))

  const conversationId = start.data?.conversationId
  useEffect(() => {
    if (!conversationId || categoryId === null || params.get(CONVERSATION_PARAM) === conversationId) return
    setParams({ [CATEGORY_PARAM]: String(categoryId), [CONVERSATION_PARAM]: conversationId }, { replace: true })
  }, [conversationId, categoryId, params, setParams])

  // The goal chat needs a chosen category (docs/product.md#goal-chat; the shell already sends a signed-out user to /).
  if (categoryId === null) return <Navigate to={GOALS_HOME} replace />

  const category = start.data?.category ?? categories.data?.find((candidate) => candidate.id === categoryId) ?? null
  if (start.isError) {
    const status = start.error instanceof ApiRequestError ? start.error.status : null
    // A category that doesn't exist is no chosen category: back to choosing one.
    if (status === 404 && !conversationInAddress) return <Navigate to={GOALS_HOME} replace />
    return (
      <ChatLayout category={category}>
        <ErrorPanel message={START_FAILED} backTo={GOALS_HOME} backLabel="Back to Goals" onRetry={() => void start.refetch()} />
        {status !== null && status > 0 && <p className="text-center text-sm">Failed to initialize conversation: {status}</p>}
      </ChatLayout>
    )
  }
  return <GoalChat conversationId={conversationId} category={category} />
}

function GoalChat({ conversationId, category }: { conversationId: string | undefined; category: GoalChatCategory | null }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [result, setResult] = useState<GoalResult | null>(null)
  const chat = useOloChat({
    conversationId,
    onFinished: (done) => {
      if (done.status !== 'goal_created') return
      // Told from the other kinds' results by its target, which only a goal has.
      setResult(done.result && 'measurable_target' in done.result ? done.result : null)
      void queryClient.invalidateQueries({ queryKey: goalsQuery.queryKey, exact: true })
    },
  })
  // A reload after the goal was made lands here with the conversation already finished.
  const finished = result !== null || chat.phase === 'finished'
  const goal = useQuery({ ...goalFromChatQuery(conversationId ?? ''), enabled: finished && Boolean(conversationId), retry: 3 })
  const goalId = goal.data?.id

  // The badges start being made 1 s after the goal shows (docs/product.md#goal-chat).
  const [makingBadges, setMakingBadges] = useState(false)
  useEffect(() => {
    if (!goalId) return
    const timer = setTimeout(() => setMakingBadges(true), BADGES_START_MS)
    return () => clearTimeout(timer)
  }, [goalId])

  function backToGoals() {
    void queryClient.invalidateQueries({ queryKey: goalsQuery.queryKey, exact: true })
    void queryClient.invalidateQueries({ queryKey: achievementsQuery.queryKey })
    // Replaced, so Back from the goals doesn't open this finished chat again.
    void navigate(GOALS_HOME, { replace: true })
  }

  if (chat.conversation.isError) {
    return (
      <ChatLayout category={category}>
        <ErrorPanel message={START_FAILED} backTo={GOALS_HOME} backLabel="Back to Goals" onRetry={() => void chat.conversation.refetch()} />
      </ChatLayout>
    )
  }

  const timeframeDays = goal.data ? (result?.suggested_timeframe_days ?? daysBetween(goal.data.createdAt, goal.data.targetDate)) : 0
  let bottom: ReactNode
  if (finished) {
    bottom = goal.data ? (
      <GoalCreatedCard goal={goal.data} timeframeDays={timeframeDays} />
    ) : goal.isError ? (
      <ErrorPanel message="We couldn't load your new goal. Please try again." backTo={GOALS_HOME} backLabel="Back to Goals" onRetry={() => void goal.refetch()} />
    ) : (
      <p role="status" className="text-center">
        Saving your goal...
      </p>
    )
  } else if (chat.error) {
    bottom = <ErrorPanel message={chat.error} backTo={GOALS_HOME} backLabel="Back to Goals" onRetry={chat.retry} />
  } else {
    bottom = <ChatInput phase={chat.phase} ready={chat.ready} onSend={chat.send} onSkip={chat.skipLine} placeholder="Tell Olo about your goal..." />
  }

  return (
    <>
      <ChatLayout category={category} audio={<AudioToggle on={chat.audioOn} onChange={chat.setAudioOn} />} inert={makingBadges}>
        <OloOrb messages={chat.messages} streaming={chat.streaming} phase={chat.phase} />
        {chat.messages.length > 1 && <Transcript messages={chat.messages} />}
        {chat.help && <HelpCard />}
        <div className="mt-auto">{bottom}</div>
      </ChatLayout>
      {makingBadges && goal.data && <BadgeOverlay goal={goal.data} onDone={backToGoals} />}
    </>
  )
}

function ChatLayout({ category, audio, inert = false, children }: { category: GoalChatCategory | null; audio?: ReactNode; inert?: boolean; children: ReactNode }) {
  return (
    <ChatPage
      back={{ to: GOALS_HOME, label: 'Back to Goals' }}
      audio={audio}
      inert={inert}
      heading={
        <div className="text-center">
          <h1 className="text-2xl font-semibold text-white">Goal Creation with Olo</h1>
          {category && (
            <p className="mt-1 inline-flex items-center gap-1.5 text-glow">
              <CategoryIcon name={category.iconName} className="size-4" />
              {category.name}
            </p>
          )}
        </div>
      }
    >
      {children}
    </ChatPage>
  )
}
