import { Leaf, LifeBuoy, MessageSquare, NotebookPen, Phone } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { countryInSentence, FIND_A_HELPLINE, HELPLINES, helpTextParts, smsHref, telHref, type HelpCountry } from '~/core/helplines'
import { GROUNDING_ROUTE, SAFETY_PLAN_ROUTE } from '~/web/app/route-access'
import { useSession } from '~/web/app/session'
import { useHasSafetyPlan } from '~/web/data/safety-plan'
import { useHelpCountry } from '~/web/data/settings'
import { useServerConfig } from '~/web/data/status'

const LINK = 'font-semibold text-dawn underline underline-offset-2'
const PILL = 'inline-flex min-h-11 items-center gap-2 rounded-full bg-dawn px-4 font-semibold text-night'
const WAY_ON = 'inline-flex min-h-11 items-center gap-2 rounded-full border border-white/20 px-4 text-sm font-medium text-white hover:bg-white/10'

/**
 * Shown wherever a crisis is answered, and on /safety (docs/product.md#help-card): real people who can help, right now,
 * as numbers to tap for where the member is (or the operator's own words), then elsewhere and the emergency number;
 * and two things to do now, the grounding exercise and the member's safety plan. A region rather than a complementary
 * landmark: it sits inside the screens' own regions (a check-in card, a journal entry), where a complementary one may
 * not.
 */
export function HelpCard() {
  const titleId = useId()
  const operatorHelp = useServerConfig().data?.helplines ?? null
  const country = useHelpCountry()
  const member = Boolean(useSession().data)
  const hasPlan = useHasSafetyPlan()
  // The operator's text replaces the table on their instance (docs/decisions/0054).
  const shown = operatorHelp === null ? country : null
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border border-dawn/40 bg-dawn/10 p-5 text-white">
      <div className="flex items-start gap-3">
        <LifeBuoy aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-dawn" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold">
            You deserve support right now
          </h2>
          {operatorHelp !== null && <OperatorHelp text={operatorHelp} />}
          {shown && (
            <>
              <h3 className="mt-3 text-base font-medium text-white/90">Helplines in {countryInSentence(shown)}</h3>
              <CountryHelplines country={shown} />
            </>
          )}
          <p className="mt-4 leading-relaxed text-white/90">
            Elsewhere:{' '}
            <a href={FIND_A_HELPLINE.url} target="_blank" rel="noreferrer" className={LINK}>
              {FIND_A_HELPLINE.name}
            </a>
          </p>
          <p className="mt-2 leading-relaxed font-medium">
            In an emergency, call your local emergency number
            {shown && (
              <>
                {' '}
                (
                <a href={telHref(HELPLINES[shown].emergency)} className={LINK}>
                  {HELPLINES[shown].emergency}
                </a>{' '}
                in {countryInSentence(shown)})
              </>
            )}
            .
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={GROUNDING_ROUTE} className={WAY_ON}>
              <Leaf aria-hidden="true" className="size-4 text-dawn" />
              Try a grounding exercise
            </Link>
            {member && (
              <Link to={SAFETY_PLAN_ROUTE} className={WAY_ON}>
                <NotebookPen aria-hidden="true" className="size-4 text-dawn" />
                {hasPlan ? 'Your safety plan is ready when you need it' : 'Make a safety plan'}
              </Link>
            )}
          </div>
          <p className="mt-4 text-sm text-mist">Olo is an AI guide, not a therapist. A person can help in ways Olo can't.</p>
        </div>
      </div>
    </section>
  )
}

/** An operator's own help text (docs/decisions/0054), each number and web address in it a link. */
export function OperatorHelp({ text }: { text: string }) {
  return (
    <p className="mt-2 leading-relaxed text-white/90 print:text-black">
      {helpTextParts(text).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} className={LINK} {...(part.href.startsWith('https:') ? { target: '_blank', rel: 'noreferrer' } : {})}>
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  )
}

/** One country's helplines, each number a link that calls or texts it: the help card's, /safety's and the plan's. */
export function CountryHelplines({ country }: { country: HelpCountry }) {
  return (
    <ul className="mt-2 space-y-4">
      {HELPLINES[country].lines.map((line) => (
        <li key={line.name}>
          <a href={line.url} target="_blank" rel="noreferrer" className="font-semibold break-words text-white underline decoration-white/40 underline-offset-2">
            {line.name}
          </a>
          {(line.hours ?? line.note) && <p className="text-sm text-mist">{[line.hours, line.note].filter(Boolean).join(' · ')}</p>}
          <p className="mt-2 flex flex-wrap gap-2">
            {line.call && (
              <a href={telHref(line.call)} className={PILL}>
                <Phone aria-hidden="true" className="size-4" />
                Call {line.call}
              </a>
            )}
            {line.text && (
              <a href={smsHref(line.text)} className={PILL}>
                <MessageSquare aria-hidden="true" className="size-4" />
                Text {line.text.body ? `${line.text.body} to ` : ''}
                {line.text.to}
              </a>
            )}
          </p>
        </li>
      ))}
    </ul>
  )
}
