import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { RECAP_REDIRECT_MS } from '~/core/timings'
import { AudioToggle } from '~/web/olo/AudioToggle'
import { ChatInput, ChatInputAwaitingConnection } from '~/web/olo/ChatInput'
import { HelpCard } from '~/web/olo/HelpCard'
import { MessageList } from '~/web/olo/MessageList'
import { useOloChat } from '~/web/olo/useOloChat'
import { HOMES } from '~/web/app/last-home'
import { ErrorPanel } from '~/web/ui/ErrorPanel'
import { FullScreenMessage } from '~/web/ui/FullScreenMessage'
import { recapQuery, weeklyQuery } from '~/web/data/weekly'
import { RecapSummary } from './RecapSummary'
import { ChatPage } from '~/web/olo/ChatPage'
import { useChatOpening } from '~/web/olo/useChatOpening'

const HOME = HOMES.week.to

/**
 * /recap-conversation: this week's recap with Olo, created on first entry and resumed after
 * (docs/product.md#weekly-recap).
 */
export default function RecapScreen() {
  const recap = useChatOpening(recapQuery)

  if (recap.needsConnection) {
    return (
      <RecapLayout>
        <ChatInputAwaitingConnection />
      </RecapLayout>
    )
  }
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
    <ChatPage back={{ to: HOME, label: HOMES.week.back }} audio={audio} heading={<h1 className="sr-only">Weekly recap with Olo</h1>}>
      {children}
    </ChatPage>
  )
}

function RecapChat({ conversationId }: { conversationId: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [finished, setFinished] = useState(false)
  // The saved recap, as the weekly home will show it a moment later: one card for both places.
  const week = useQuery({ ...weeklyQuery, enabled: finished })
  const savedRecap = finished && week.data?.recap?.status === 'done' ? week.data.recap : null
  const chat = useOloChat({
    conversationId,
    onFinished: () => {
      setFinished(true)
      void queryClient.invalidateQueries({ queryKey: weeklyQuery.queryKey })
    },
  })

  useEffect(() => {
    if (!finished) return
    const timer = setTimeout(() => void navigate(HOME), RECAP_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [finished, navigate])

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
      {chat.help && <HelpCard />}
      {finished ? (
        <div>
          {savedRecap && <RecapSummary recap={savedRecap} takeFocus />}
          <p role="status" className="mt-4 text-center text-sm text-mist">
            Taking you back to your weekly home...
          </p>
        </div>
      ) : chat.error ? (
        <ErrorPanel message={chat.error} backTo={HOME} onRetry={chat.retry} />
      ) : (
        <ChatInput phase={chat.phase} ready={chat.ready} onSend={chat.send} onSkip={chat.skipLine} />
      )}
    </RecapLayout>
  )
}
