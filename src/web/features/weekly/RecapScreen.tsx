import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { DIMENSION_INFO } from '~/core/dimensions'
import type { RecapResult } from '~/core/olo'
import { RECAP_REDIRECT_MS } from '~/core/timings'
import { AudioToggle } from '~/web/features/olo/AudioToggle'
import { ChatInput } from '~/web/features/olo/ChatInput'
import { HelpCard } from '~/web/features/olo/HelpCard'
import { MessageList } from '~/web/features/olo/MessageList'
import { useOloChat } from '~/web/features/olo/useOloChat'
import { ErrorPanel } from '~/web/ui/ErrorPanel'
import { FullScreenMessage } from '~/web/ui/FullScreenMessage'
import { startOrResumeRecap, weeklyQuery } from './api'
import { RecapSummary } from './RecapSummary'

const HOME = '/weekly-dashboard'

/** /recap-conversation: this week's recap with Olo, created on first entry and resumed after (DESIGN §7). */
export default function RecapScreen() {
  const recap = useQuery({ queryKey: ['recap-session'], queryFn: startOrResumeRecap, staleTime: Infinity, gcTime: 0, retry: false })

  if (recap.isPending) return <FullScreenMessage>Preparing your recap...</FullScreenMessage>
  if (recap.isError) {
    return (
      <RecapLayout>
        <ErrorPanel message="Failed to start the recap session. Please try again." backTo={HOME} onRetry={() => void recap.refetch()} />
      </RecapLayout>
    )
  }
  if (recap.data.status === 'done') {
    return (
      <RecapLayout>
        <RecapSummary recap={recap.data} />
      </RecapLayout>
    )
  }
  return <RecapChat conversationId={recap.data.conversationId} />
}

function RecapLayout({ audio, children }: { audio?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 sm:px-6">
      <header className="flex items-center justify-between gap-3 py-4">
        <Link to={HOME} className="flex h-11 items-center gap-2 rounded-full px-3 text-sm text-mist hover:bg-white/10 hover:text-white">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </Link>
        {audio}
      </header>
      <main className="flex flex-1 flex-col gap-6 pb-6">
        <h1 className="sr-only">Weekly recap with Olo</h1>
        {children}
      </main>
    </div>
  )
}

function RecapChat({ conversationId }: { conversationId: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [result, setResult] = useState<RecapResult | null>(null)
  const chat = useOloChat({
    conversationId,
    onFinished: (done) => {
      setResult(done.result as RecapResult)
      void queryClient.invalidateQueries({ queryKey: weeklyQuery.queryKey })
    },
  })

  useEffect(() => {
    if (!result) return
    const timer = setTimeout(() => void navigate(HOME), RECAP_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [result, navigate])

  if (chat.conversation.isError) {
    return (
      <RecapLayout>
        <ErrorPanel message="Failed to start conversation with Olo. Please try again." backTo={HOME} onRetry={() => void chat.conversation.refetch()} />
      </RecapLayout>
    )
  }

  return (
    <RecapLayout audio={<AudioToggle on={chat.audioOn} onChange={chat.setAudioOn} />}>
      <div className="flex-1">
        <MessageList messages={chat.messages} streaming={chat.streaming} phase={chat.phase} />
      </div>
      {chat.helplines && <HelpCard helplines={chat.helplines} />}
      {result ? (
        <FinishedRecap result={result} />
      ) : chat.error ? (
        <ErrorPanel message={chat.error} backTo={HOME} onRetry={chat.retry} />
      ) : (
        <div className="sticky bottom-0 bg-night/80 pt-2 backdrop-blur">
          <ChatInput phase={chat.phase} ready={chat.ready} onSend={chat.send} />
        </div>
      )}
    </RecapLayout>
  )
}

function FinishedRecap({ result }: { result: RecapResult }) {
  return (
    <section aria-labelledby="recap-summary-title" className="rounded-3xl border border-glow/30 bg-night-soft/90 p-6">
      <h2 id="recap-summary-title" className="text-xl font-semibold text-white">
        Your week in review
      </h2>
      <p className="mt-3 leading-relaxed text-white/90">{result.weekly_summary}</p>
      <p className="mt-4 text-sm text-mist">
        Rating: {result.rating}/10 · Focus: {DIMENSION_INFO[result.top_priority_dimension].label}
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-white/90">
        {result.recommendations.map((recommendation) => (
          <li key={recommendation}>{recommendation}</li>
        ))}
      </ul>
      <p role="status" className="mt-5 text-sm text-mist">
        Taking you back to your weekly home...
      </p>
    </section>
  )
}
