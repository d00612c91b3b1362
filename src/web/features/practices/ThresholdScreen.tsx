import { useQueryClient } from '@tanstack/react-query'
import { CloudOff, Sparkles } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { INVALID_EXERCISE_ID, parseExerciseId, PRACTICE_PARAM, type ExerciseId } from '~/core/journey'
import { exerciseDestination } from '~/core/paths'
import { THRESHOLD_AFTER_AUDIO_MS, THRESHOLD_AFTER_FAILURE_MS } from '~/core/timings'
import { AudioToggle } from '~/web/olo/AudioToggle'
import { ChatInput } from '~/web/olo/ChatInput'
import { HelpCard } from '~/web/olo/HelpCard'
import { MessageList } from '~/web/olo/MessageList'
import { useOloChat } from '~/web/olo/useOloChat'
import { ApiRequestError } from '~/web/api'
import { useLastHome } from '~/web/app/last-home'
import { useSession } from '~/web/app/session'
import { useJourney } from '~/web/data/journey'
import { keepPracticeBegunOffline } from '~/web/data/practice-completions'
import { practiceQuery, thresholdQuery, type PracticeView } from '~/web/data/practices'
import { useOnline } from '~/web/lib/online'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { ErrorPanel } from '~/web/ui/ErrorPanel'
import { ChatPage } from '~/web/olo/ChatPage'
import { useChatOpening } from '~/web/olo/useChatOpening'

const DASHBOARD = '/dashboard'

/** Where the practice happens, with its id in the address so the exercise survives a reload. */
function exerciseAddress(practice: PracticeView) {
  return practice.destination === DASHBOARD ? DASHBOARD : `${practice.destination}?${PRACTICE_PARAM}=${practice.id}`
}

/**
 * /threshold/{exerciseId}, 'Crossing the Threshold' (docs/product.md#threshold): a short chat with Olo that sets an
 * intention, then the hand-over to the exercise. The practice is begun on the server once and its id kept in the
 * address, so a reload resumes the same chat.
 */
export default function ThresholdScreen() {
  const { exerciseId = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const exercise = parseExerciseId(exerciseId)
  const practiceId = params.get(PRACTICE_PARAM)

  const online = useOnline()
  const practice = useChatOpening(thresholdQuery(exerciseId, exercise, practiceId, online))

  const begun = practice.data
  useEffect(() => {
    if (!begun) return
    queryClient.setQueryData(practiceQuery(begun.id).queryKey, begun)
    if (params.get(PRACTICE_PARAM) !== begun.id) setParams({ [PRACTICE_PARAM]: begun.id }, { replace: true })
  }, [begun, params, setParams, queryClient])

  if (exercise === null) return <LoadError message={INVALID_EXERCISE_ID} />
  // No connection, or a start that got no answer at all: Olo can't be reached, the practice can still begin.
  const unreachable = !online || (practice.isError && !(practice.error instanceof ApiRequestError))
  if (unreachable && !begun) return <OfflineThreshold exercise={exercise} offline={!online} />
  if (practice.isError) return <LoadError message={loadErrorMessage(practice.error)} />
  if (!begun) return <Preparing />
  return <ThresholdChat practice={begun} />
}

function Preparing() {
  return (
    <ThresholdLayout>
      <p role="status" className="py-10 text-center text-mist">
        Preparing your practice...
      </p>
    </ThresholdLayout>
  )
}

interface Handover {
  stage: 'ending' | 'transitioning'
  intention: string | null
  /** Olo's closing words, shown while they are read when audio is off. */
  greeting: string | null
  /** Set once the screen knows when the exercise opens. */
  leaveAfterMs: number | null
}

function ThresholdChat({ practice }: { practice: PracticeView }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const destination = exerciseAddress(practice)
  // A reload after the chat ended goes straight on to the exercise.
  const [handover, setHandover] = useState<Handover | null>(
    practice.conversationFinished ? { stage: 'transitioning', intention: practice.intention, greeting: null, leaveAfterMs: THRESHOLD_AFTER_AUDIO_MS } : null,
  )
  const chat = useOloChat({
    conversationId: practice.conversationId ?? undefined,
    speakClosing: false,
    onFinished: (done) => {
      const intention = done.result && 'intention' in done.result ? done.result.intention : null
      queryClient.setQueryData(practiceQuery(practice.id).queryKey, { ...practice, intention, conversationFinished: true })
      setHandover({ stage: 'ending', intention, greeting: done.greeting ?? null, leaveAfterMs: null })
      // The hand-over (docs/product.md#threshold): the greeting is spoken, then 'transitioning' and the exercise 1.5 s
      // after the audio ends; 2 s after a failed voice or any error.
      const transition = (leaveAfterMs: number) => setHandover((current) => current && { ...current, stage: 'transitioning', leaveAfterMs })
      if (!done.greeting || !practice.conversationId) return transition(THRESHOLD_AFTER_FAILURE_MS)
      chat.speak({ text: done.greeting, ref: { greetingOf: practice.conversationId } }, { handover: true }).then(
        (outcome) => transition(outcome === 'failed' ? THRESHOLD_AFTER_FAILURE_MS : THRESHOLD_AFTER_AUDIO_MS),
        () => transition(THRESHOLD_AFTER_FAILURE_MS),
      )
    },
  })

  const leaveAfterMs = handover?.leaveAfterMs ?? null
  useEffect(() => {
    if (leaveAfterMs === null) return
    const timer = setTimeout(() => void navigate(destination), leaveAfterMs)
    return () => clearTimeout(timer)
  }, [leaveAfterMs, destination, navigate])

  if (chat.conversation.isError) return <LoadError message={chat.conversation.error.message} />

  // The way straight to the exercise shows while chatting or ending (docs/product.md#threshold).
  const skip = (handover ? handover.stage === 'ending' : chat.phase !== 'loading') && (
    <Link to={destination} className="mx-auto flex min-h-11 items-center rounded-full px-4 text-sm text-mist underline underline-offset-4 hover:text-white">
      Skip and continue to exercise
    </Link>
  )

  return (
    <ThresholdLayout audio={<AudioToggle on={chat.audioOn} onChange={chat.setAudioOn} />} preparingFor={practice.title}>
      {handover ? (
        <HandoverCard handover={handover} speaking={chat.audioOn} />
      ) : (
        <>
          <div className="flex-1">
            <MessageList messages={chat.messages} streaming={chat.streaming} phase={chat.phase} />
          </div>
          {chat.help && <HelpCard />}
          {chat.error ? (
            <ErrorPanel message={chat.error} backTo={DASHBOARD} onRetry={chat.retry} />
          ) : (
            <ChatInput phase={chat.phase} ready={chat.ready} onSend={chat.send} onSkip={chat.skipLine} />
          )}
        </>
      )}
      {skip}
    </ThresholdLayout>
  )
}

function HandoverCard({ handover: { stage, intention, greeting }, speaking }: { handover: Handover; speaking: boolean }) {
  // The chat's input, which had the keyboard, has gone: the keyboard moves here, and a screen reader reads the card.
  const card = useRef<HTMLElement>(null)
  useEffect(() => card.current?.focus(), [])
  return (
    <section ref={card} tabIndex={-1} role="status" className="flex flex-1 flex-col items-center justify-center gap-5 py-10 text-center focus:outline-none">
      <div aria-hidden="true" className="size-24 rounded-full bg-radial from-glow/80 via-accent/40 to-transparent motion-safe:animate-pulse" />
      {stage === 'ending' ? (
        <>
          <p className="text-lg text-mist">{speaking ? 'Olo speaks...' : 'Preparing your journey...'}</p>
          {!speaking && greeting ? (
            <p className="max-w-md text-xl text-balance text-white">{greeting}</p>
          ) : (
            intention && <p className="max-w-md text-2xl font-medium text-balance text-white">“{intention}”</p>
          )}
        </>
      ) : (
        <>
          <h2 className="flex items-center gap-2 text-2xl font-semibold text-white">
            <Sparkles aria-hidden="true" className="size-6 text-dawn" />
            Your intention is set
          </h2>
          {intention && <p className="max-w-md text-lg text-balance text-white/90">“{intention}”</p>}
          <p className="text-mist">Beginning your practice...</p>
        </>
      )}
    </section>
  )
}

/**
 * The threshold without a connection (docs/decisions/0046): Olo's intention needs one, so it says so and offers to begin
 * the practice now anyway. The exercise comes from the dashboard's answer the device has (its path and steps, `next`
 * resolved there); the device picks the practice's id and keeps it until the server has it. Without that answer there
 * is nothing to begin, and it says so.
 */
function OfflineThreshold({ exercise, offline }: { exercise: ExerciseId; offline: boolean }) {
  const navigate = useNavigate()
  const userId = useSession().data?.id
  const journey = useJourney()
  const path = journey.data?.path ?? null
  const number = exercise === 'next' ? path?.next : exercise
  const step = path?.steps.find((s) => s.number === number) ?? null

  if (journey.isPending && journey.fetchStatus === 'fetching') return <Preparing />

  function begin() {
    if (!userId || !path || !step) return
    const id = crypto.randomUUID()
    keepPracticeBegunOffline(userId, id, { exercise: step.number, path: path.key, at: new Date().toISOString(), title: step.name })
    void navigate(`${exerciseDestination(step.gameType)}?${PRACTICE_PARAM}=${id}`)
  }

  return (
    <ThresholdLayout preparingFor={step?.name}>
      <section aria-labelledby="offline-threshold-title" className="my-auto flex flex-col items-center gap-4 py-10 text-center">
        <CloudOff aria-hidden="true" className="size-10 text-mist" />
        <h2 id="offline-threshold-title" className="text-xl font-semibold text-white">
          {offline ? "You're offline" : "Olo can't be reached"}
        </h2>
        <p className="max-w-md text-mist">
          Setting an intention with Olo needs a connection.{' '}
          {step
            ? 'You can begin the practice now anyway: it is kept on this device, and your points will appear when you are back online.'
            : 'Come back to this practice when you are online.'}
        </p>
        {step ? (
          <button type="button" onClick={begin} className={PRIMARY_BUTTON}>
            Begin practice
          </button>
        ) : (
          <Link to={DASHBOARD} className={PRIMARY_BUTTON}>
            Return to Dashboard
          </Link>
        )}
      </section>
    </ThresholdLayout>
  )
}

/**
 * The exercise's load errors (docs/product.md#threshold): the server's message, and 'No authenticated user' for a
 * session that has ended.
 */
function loadErrorMessage(error: Error) {
  return error instanceof ApiRequestError && error.status === 401 ? 'No authenticated user' : error.message
}

function LoadError({ message }: { message: string }) {
  return (
    <ThresholdLayout>
      <ErrorPanel title="Unable to Load Exercise" message={message} backTo={DASHBOARD} onRetry={() => window.location.reload()} />
    </ThresholdLayout>
  )
}

function ThresholdLayout({ audio, preparingFor, children }: { audio?: ReactNode; preparingFor?: string; children: ReactNode }) {
  // Back to the home the practice was begun from (docs/decisions/0058-one-home-one-way-around.md).
  const home = useLastHome()
  return (
    <ChatPage
      back={{ to: home.to, label: home.back }}
      audio={audio}
      heading={
        <div className="text-center">
          <h1 className="text-2xl font-semibold text-white">Crossing the Threshold</h1>
          {preparingFor && (
            <p className="mt-1 text-mist">
              Preparing for <span className="font-medium text-white">{preparingFor}</span>
            </p>
          )}
        </div>
      }
    >
      {children}
    </ChatPage>
  )
}
