import { HeartHandshake, PenLine, Sprout, Wind, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { meetsWithCare } from '~/core/check-in-care'
import { SAFETY_PLAN_ROUTE } from '~/web/app/route-access'
import type { ShownCheckIn } from '~/web/data/check-ins'
import { useHasSafetyPlan } from '~/web/data/safety-plan'
import { HelpCard } from '~/web/olo/HelpCard'

interface WayOn {
  to: string
  label: string
  detail: string
  icon: LucideIcon
}

/** The ways on a hard day's check-in offers: each a tap away, none of them recorded or scored (docs/product.md#check-in). */
const WAYS_ON: readonly WayOn[] = [
  { to: '/grounding', label: 'Grounding', detail: 'Two minutes with your five senses', icon: Sprout },
  { to: '/breathing-bubble', label: 'Breathe', detail: 'One minute with the Breathing Bubble', icon: Wind },
  { to: '/journal?write', label: 'Write about it', detail: 'A page of your journal, just for you', icon: PenLine },
]
/** Offered beside them once the member has a plan of their own. */
const SAFETY_PLAN: WayOn = { to: SAFETY_PLAN_ROUTE, label: 'My safety plan', detail: 'Ready when you need it', icon: HeartHandshake }

/**
 * What the check-in card says back on a hard day (docs/decisions/0055): the help card when the check-in's words sounded
 * like a crisis, as the journal does; otherwise, for an Awful check-in or a third Bad day running, one kind sentence
 * and a few ways on. Never alarm: nothing is sent, nobody is told, no streak or score reacts.
 */
export default function CheckInCare({ checkIn, lowDates }: { checkIn: ShownCheckIn; lowDates: readonly string[] }) {
  const hasPlan = useHasSafetyPlan()
  if (checkIn.crisis) {
    return (
      <div className="mt-4 transition-opacity duration-700 motion-reduce:transition-none starting:opacity-0">
        <HelpCard />
      </div>
    )
  }
  if (!meetsWithCare(checkIn.mood, checkIn.localDate, lowDates)) return null
  return (
    <section aria-label="A kind word" className="mt-4 rounded-2xl bg-white/5 p-4 transition-opacity duration-700 motion-reduce:transition-none starting:opacity-0">
      <p className="text-white">It&apos;s noted, and hard days count too.</p>
      <ul aria-label="Ways on" className="mt-3 grid gap-2 sm:grid-cols-2">
        {(hasPlan ? [...WAYS_ON, SAFETY_PLAN] : WAYS_ON).map(({ to, label, detail, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="flex min-h-12 items-center gap-3 rounded-xl border border-white/10 px-3 py-2 hover:bg-white/5">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-dawn" />
              <span className="min-w-0">
                <span className="block font-medium text-white">{label}</span>
                <span className="block text-sm">{detail}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
