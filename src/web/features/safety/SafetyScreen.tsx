import { ChevronDown, Phone } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { AGE_CONFIRMATION } from '~/core/auth'
import { HELP_COUNTRIES_BY_NAME, HELPLINES } from '~/core/helplines'
import { AI_NOTICE_EVERY_MS } from '~/core/timings'
import { GROUNDING_ROUTE, SAFETY_PLAN_ROUTE } from '~/web/app/route-access'
import { useSession } from '~/web/app/session'
import { useHasSafetyPlan } from '~/web/data/safety-plan'
import { useServerConfig } from '~/web/data/status'
import { CountryHelplines, HelpCard } from '~/web/olo/HelpCard'
import { BackToWhereYouCameFrom } from '~/web/ui/BackLink'

/** The languages the safety check reads, as the issue behind this page lists them (docs/decisions/0016). */
const LANGUAGES = 'English, Spanish, French, German, Portuguese, Italian and Dutch'

/**
 * /safety, for members and visitors alike (docs/decisions/0016): in plain words, what Olo is and is not, what happens
 * when a message sounds like someone may be in danger, what Lumin keeps of it, and where help is. Written for someone
 * who may be struggling as they read it, so the help comes first: the help card, then every country's helplines
 * (docs/decisions/0054).
 */
export default function SafetyScreen() {
  const { data: config } = useServerConfig()
  const member = Boolean(useSession().data)
  const hasPlan = useHasSafetyPlan()
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-5 sm:px-8">
      <header className="py-4 sm:py-6">
        <BackToWhereYouCameFrom />
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
        {/* The card a chat shows when a message sounds like a crisis. */}
        <div className="mt-4">
          <HelpCard />
        </div>

        <div className="mt-10 space-y-8">
          <Section title="When it all feels like too much">
            <p>
              A grounding exercise brings you back to the here and now, one sense at a time, in a few minutes. It works without a connection and
              records nothing.{' '}
              <Link to={GROUNDING_ROUTE} className={LINK}>
                Try the grounding exercise
              </Link>
            </p>
            {member && (
              <p>
                A safety plan is yours: the signs to watch for, what helps, and who to call, written in your own words before you need them.{' '}
                <Link to={SAFETY_PLAN_ROUTE} className={LINK}>
                  {hasPlan ? 'Your safety plan is ready when you need it' : 'Make a safety plan'}
                </Link>
              </p>
            )}
          </Section>

          {!config?.helplines && (
            <Section title="Helplines by country">
              <p>Confidential lines you can call or text, by country. Tap a number to call or text it.</p>
              <div className="divide-y divide-white/10 rounded-3xl border border-white/10 bg-night-soft/70">
                {HELP_COUNTRIES_BY_NAME.map((country) => (
                  <details key={country} className="group px-5 py-1">
                    <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-medium text-white">
                      {HELPLINES[country].name}
                      <ChevronDown aria-hidden="true" className="size-5 text-mist group-open:rotate-180 motion-safe:transition-transform" />
                    </summary>
                    <div className="pb-4">
                      <CountryHelplines country={country} />
                    </div>
                  </details>
                ))}
              </div>
            </Section>
          )}

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
              Every message you write, every journal entry and every check-in&apos;s note is read by a safety check before any AI model sees
              it. The check reads {LANGUAGES}, and it still understands words that are misspelled or written with look-alike characters.
            </p>
            {config?.safetyReader && (
              <p>
                On this server, {config.safetyReader}&apos;s safety check reads them too, after Lumin&apos;s own, so that a crisis in another
                language is heard. It is only asked whether someone may need help, and never sent a message Lumin&apos;s check has already
                answered with help.
              </p>
            )}
            <p>
              When a message sounds like someone may be in danger, Olo does not pass it to the AI. It answers with a fixed, caring message and the
              help on this page, and shows a help card in the chat. Such messages are never sent to an AI model. The conversation carries on:
              nobody is cut off.
            </p>
            <p>Olo&apos;s own replies are checked too. Any reply that could encourage self-harm is replaced by the same help.</p>
            <p>
              Olo never keeps words about dying, self-harm or hopelessness as an intention, a goal or a reflection. When a chat would, Olo
              answers with care instead and the chat goes on. If you tell Olo you are fine after it offered help, it believes you, and it
              still offers help again if a later message sounds like you may be in danger.
            </p>
            <p>
              A check-in on a hard day is met with a kind word and a few things that may help, and a check-in whose words sound like someone
              may be in danger shows the help beneath it.
            </p>
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

const LINK = 'font-semibold text-dawn underline underline-offset-2'

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
