import { ArrowLeft, Phone } from 'lucide-react'
import { useId, type MouseEvent, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { AGE_CONFIRMATION } from '~/core/auth'
import { AI_NOTICE_EVERY_MS } from '~/core/timings'
import { HOME_ROUTE } from '~/web/app/route-access'
import { useSession } from '~/web/app/session'
import { HelpCard } from '~/web/olo/HelpCard'
import { useServerConfig } from '~/web/data/status'

/** The languages the safety check reads, as the issue behind this page lists them (docs/decisions/0016). */
const LANGUAGES = 'English, Spanish, French, German, Portuguese, Italian and Dutch'

/**
 * /safety, for members and visitors alike (docs/decisions/0016): in plain words, what Olo is and is not, what happens
 * when a message sounds like someone may be in danger, what Lumin keeps of it, and where help is. Written for someone
 * who may be struggling as they read it, so the help comes first.
 */
export default function SafetyScreen() {
  const { data: config } = useServerConfig()
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-5 sm:px-8">
      <header className="py-4 sm:py-6">
        <BackToWhereYouWere />
      </header>
      <main className="flex-1 pb-12">
        <p className="text-sm font-medium tracking-widest text-glow uppercase">Safety</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">How Olo keeps you safe</h1>
        <p className="mt-4 max-w-prose text-lg leading-relaxed">
          Lumin is a place to grow a little every week, and some weeks are hard. Here is what Olo is, what it does when someone may be in danger,
          and where to find a person who can help.
        </p>

        <p className="mt-8 flex items-start gap-3 text-lg font-medium text-white">
          <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-dawn" />
          In an emergency, call your local emergency number now.
        </p>
        {/* The card a chat shows when a message sounds like a crisis, with this server's helplines. */}
        {config?.helplines.trim() ? (
          <div className="mt-4">
            <HelpCard helplines={config.helplines} />
          </div>
        ) : null}

        <div className="mt-10 space-y-8">
          <Section title="What Olo is, and what it is not">
            <p>
              Olo is an AI guide: a computer program, not a human and not a therapist. It can help you look back on your week, set an intention
              before a practice or shape a goal. It does not diagnose anything or treat anyone, and it is no stand-in for a doctor, a counsellor or
              someone you trust.
            </p>
            <p>
              Every chat says so at the top for as long as it is open, and Olo reminds you again in its reply every {AI_NOTICE_EVERY_MS / 3_600_000} hours of the
              same chat.
            </p>
          </Section>

          <Section title="When a message sounds like someone may be in danger">
            <p>
              Every message you write is read by a safety check before any AI model sees it. The check reads {LANGUAGES}, and it still
              understands words that are misspelled or written with look-alike characters.
            </p>
            <p>
              When a message sounds like someone may be in danger, Olo does not pass it to the AI. It answers with a fixed, caring message and the
              help on this page, and shows a help card in the chat. Such messages are never sent to an AI model. The conversation carries on:
              nobody is cut off.
            </p>
            <p>Olo&apos;s own replies are checked too. Any reply that could encourage self-harm is replaced by the same help.</p>
          </Section>

          <Section title="What Lumin keeps">
            <p>
              Lumin keeps only an anonymous count of how many times it gave this help each day: a date and a number, with no name and no words.
              It keeps that count because California asks services like Lumin to report it.
            </p>
          </Section>

          <Section title="Who Lumin is for">
            <p>Lumin is for people {AGE_CONFIRMATION.minimumAge} and older. Everyone who creates an account confirms it.</p>
          </Section>
        </div>
      </main>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="max-w-prose space-y-3 leading-relaxed">
      <h2 id={headingId} className="text-xl font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * Opened from a chat, Back returns to that very chat (each keeps its conversation in its address), so reading this page
 * loses nothing. Opened from a mail or typed in, there is nothing to go back to: the link leads into Lumin instead.
 */
function BackToWhereYouWere() {
  const { key } = useLocation()
  const navigate = useNavigate()
  const { data: user } = useSession()
  const cameFromLumin = key !== 'default'
  function back(event: MouseEvent) {
    if (!cameFromLumin) return
    event.preventDefault()
    void navigate(-1)
  }
  return (
    <Link
      to={user ? HOME_ROUTE : '/'}
      onClick={back}
      className="-ml-3 inline-flex h-11 items-center gap-2 rounded-full px-3 text-sm text-mist hover:bg-white/10 hover:text-white"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back
    </Link>
  )
}
