import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowRight, NotebookPen, Send, Sparkles } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Link, Navigate, useParams, useSearchParams } from 'react-router'
import { ApiRequestError } from '~/web/api'
import { reflectionOpeningQuery, reflectionQuery, type ReflectionView } from '~/web/data/reflection'
import { journalQuery } from '~/web/data/journal'
import { useReflectionNotice } from '~/web/data/status'
import { AudioToggle } from '~/web/olo/AudioToggle'
import { ChatInput, ChatInputAwaitingConnection } from '~/web/olo/ChatInput'
import { ChatPage } from '~/web/olo/ChatPage'
import { HelpCard } from '~/web/olo/HelpCard'
import { MessageList } from '~/web/olo/MessageList'
import { useChatOpening } from '~/web/olo/useChatOpening'
import { useOloChat } from '~/web/olo/useOloChat'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { ErrorPanel } from '~/web/ui/ErrorPanel'
import { entryDay } from './entry-day'

const JOURNAL = '/journal'
/** The reflection's conversation, kept in the address so that a reload resumes it instead of beginning another. */
const CONVERSATION_PARAM = 'conversation'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** When the reflection can't start (docs/product.md#errors). */
const START_FAILED = 'Failed to start conversation with Olo. Please try again.'

/**
 * /journal/:entryId/reflect, Reflect with Olo (docs/product.md#journal): the entry in brief, the line that says where it
 * goes when a model provider is configured, a short chat with Olo about it, and then Olo's reflection, which the
 * journal shows under the entry.
 */
export default function ReflectScreen() {
  const { entryId = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const conversationInAddress = params.get(CONVERSATION_PARAM)
  const known = UUID.test(entryId)
  const opening = useChatOpening({ ...reflectionOpeningQuery(entryId, conversationInAddress), enabled: known })

  const conversationId = conversationInAddress ?? opening.data?.conversation?.id
  useEffect(() => {
    if (conversationId && params.get(CONVERSATION_PARAM) !== conversationId) setParams({ [CONVERSATION_PARAM]: conversationId }, { replace: true })
  }, [conversationId, params, setParams])

  if (!known) return <Navigate to={JOURNAL} replace />
  if (opening.needsConnection) {
    return (
      <ReflectLayout>
        <ChatInputAwaitingConnection />
      </ReflectLayout>
    )
  }
  if (opening.isError) {
    const missing = opening.error instanceof ApiRequestError && opening.error.status === 404
    return (
      <ReflectLayout>
        <ErrorPanel
          message={missing ? 'We could not find that journal entry.' : START_FAILED}
          backTo={JOURNAL}
          backLabel="Back to Journal"
          onRetry={() => void opening.refetch()}
        />
      </ReflectLayout>
    )
  }
  if (!opening.data || !conversationId) {
    return (
      <ReflectLayout>
        <p role="status" className="py-10 text-center text-mist">
          Preparing your reflection...
        </p>
      </ReflectLayout>
    )
  }
  return <ReflectChat entryId={entryId} view={opening.data} conversationId={conversationId} />
}

function ReflectChat({ entryId, view, conversationId }: { entryId: string; view: ReflectionView; conversationId: string }) {
  const queryClient = useQueryClient()
  const [finishedHere, setFinishedHere] = useState(false)
  const chat = useOloChat({
    conversationId,
    onFinished: () => {
      setFinishedHere(true)
      // The journal shows the reflection under the entry.
      void queryClient.invalidateQueries({ queryKey: journalQuery.queryKey })
    },
  })
  const finished = finishedHere || chat.phase === 'finished'
  const kept = useQuery({ ...reflectionQuery(entryId), enabled: finished })
  // An entry that reads as a crisis has the help under it from the start; otherwise it comes into the chat when needed.
  const helpInChat = !view.help && chat.help

  let bottom: ReactNode
  if (chat.conversation.isError) {
    bottom = <ErrorPanel message={START_FAILED} backTo={JOURNAL} backLabel="Back to Journal" onRetry={() => void chat.conversation.refetch()} />
  } else if (finished) {
    bottom = kept.data?.reflection ? (
      <ReflectionCard reflection={kept.data.reflection} practice={kept.data.practice} takeFocus={finishedHere} />
    ) : kept.isError ? (
      <ErrorPanel message="We couldn't load Olo's reflection. Please try again." backTo={JOURNAL} backLabel="Back to Journal" onRetry={() => void kept.refetch()} />
    ) : (
      <p role="status" className="text-center text-mist">
        Keeping Olo's reflection with your entry...
      </p>
    )
  } else if (chat.error && chat.gone) {
    // The entry was deleted (in another tab) while this reflection was open: said plainly, with nothing to try again.
    bottom = (
      <div role="status" className="rounded-3xl border border-white/10 bg-night-soft/80 p-5 text-center sm:p-7">
        <p className="text-base text-white">{chat.error}</p>
        <Link to={JOURNAL} className={`${PRIMARY_BUTTON} mt-5`}>
          Back to Journal
        </Link>
      </div>
    )
  } else if (chat.error) {
    bottom = <ErrorPanel message={chat.error} backTo={JOURNAL} backLabel="Back to Journal" onRetry={chat.retry} />
  } else {
    bottom = <ChatInput phase={chat.phase} ready={chat.ready} onSend={chat.send} onSkip={chat.skipLine} placeholder="Tell Olo what comes up..." />
  }

  return (
    <ReflectLayout audio={<AudioToggle on={chat.audioOn} onChange={chat.setAudioOn} />} entry={view.entry} entryHelp={view.help}>
      <div className="flex-1">
        <MessageList messages={chat.messages} streaming={chat.streaming} phase={chat.phase} />
      </div>
      {helpInChat && <HelpCard />}
      {bottom}
    </ReflectLayout>
  )
}

/** Olo's reflection, kept with the entry, and the practice it suggests on the member's path. */
function ReflectionCard({ reflection, practice, takeFocus }: { reflection: string; practice: ReflectionView['practice']; takeFocus: boolean }) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // The message box, which had the keyboard, has gone: the reflection takes its place.
  useEffect(() => {
    if (takeFocus) heading.current?.focus()
  }, [takeFocus])
  return (
    <section aria-labelledby={headingId} className="relative overflow-hidden rounded-3xl border border-glow/30 bg-night-soft/90 p-5 sm:p-7">
      <div aria-hidden="true" className="pointer-events-none absolute -top-20 -right-20 size-56 rounded-full bg-glow/20 blur-3xl" />
      <div className="relative">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold text-white focus:outline-none">
          <Sparkles aria-hidden="true" className="size-5 text-dawn" />
          Olo's reflection
        </h2>
        <p className="mt-3 text-base leading-relaxed text-white/90">{reflection}</p>
        {practice && (
          <p className="mt-5 rounded-2xl bg-dusk/70 p-4 text-mist">
            A practice to try:{' '}
            <Link to={`/threshold/${practice.number}`} className="inline-flex min-h-11 items-center gap-1 font-semibold text-white underline underline-offset-4 hover:text-dawn">
              {practice.name}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={JOURNAL} className={PRIMARY_BUTTON}>
            Back to Journal
          </Link>
        </div>
      </div>
    </section>
  )
}

/** The entry as a short reminder above the chat, and where it goes when a model provider is configured. */
function EntryBrief({ entry }: { entry: ReflectionView['entry'] }) {
  const notice = useReflectionNotice()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-white/10 bg-night-soft/80 p-4 sm:p-5">
      <p className="flex items-center gap-2 text-sm text-mist">
        <NotebookPen aria-hidden="true" className="size-4 text-glow" />
        {entryDay(entry.localDate)}
      </p>
      <h2 id={headingId} className="mt-1 text-lg font-semibold text-white">
        {entry.title ?? 'Your entry'}
      </h2>
      <p className="mt-1 line-clamp-3 text-base whitespace-pre-line text-white/80">{entry.excerpt}</p>
      {notice && (
        <p className="mt-3 flex items-start gap-2 border-t border-white/10 pt-3 text-sm text-mist">
          <Send aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-dawn" />
          {notice}
        </p>
      )}
    </section>
  )
}

function ReflectLayout({
  audio,
  entry,
  entryHelp = false,
  children,
}: {
  audio?: ReactNode
  entry?: ReflectionView['entry']
  /** The entry reads as a crisis: the help card shows with it from the start. */
  entryHelp?: boolean
  children: ReactNode
}) {
  return (
    <ChatPage
      back={{ to: JOURNAL, label: 'Back to Journal' }}
      audio={audio}
      heading={
        <div className="flex flex-col gap-4">
          <h1 className="text-center text-2xl font-semibold text-white">Reflect with Olo</h1>
          {entry && <EntryBrief entry={entry} />}
          {entryHelp && <HelpCard />}
        </div>
      }
    >
      {children}
    </ChatPage>
  )
}

