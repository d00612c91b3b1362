import { Cherry, Ear, Eye, Flower2, Hand, Leaf, RotateCcw, type LucideIcon } from 'lucide-react'
import { useEffect, useId, useReducer, useRef, type Ref } from 'react'
import { Link } from 'react-router'
import { GROUNDING_SENSES, groundingReducer, initialGrounding } from '~/core/grounding'
import { SAFETY_ROUTE } from '~/web/app/route-access'
import { BackToWhereYouCameFrom } from '~/web/ui/BackLink'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '~/web/ui/buttons'
import { PracticeFrame } from './PracticeFrame'
import './practices.css'

type Sense = (typeof GROUNDING_SENSES)[number]['sense']

const ICONS: Record<Sense, LucideIcon> = { see: Eye, touch: Hand, hear: Ear, smell: Flower2, taste: Cherry }

const CARD = 'w-full max-w-md rounded-3xl border border-white/10 bg-night-soft/70 px-5 py-6 text-base text-mist sm:px-8'

/**
 * /grounding (docs/product.md#grounding): the 5-4-3-2-1 exercise, one sense at a time, each thing noticed a tap, at
 * the person's own pace. Open to visitors, here offline once the app has loaded, and nothing is sent or kept: no points,
 * no record, no request at all. Back returns to where the person came from, a chat or a help card included.
 */
export default function GroundingScreen() {
  const [state, dispatch] = useReducer(groundingReducer, initialGrounding)
  const senseHeading = useRef<HTMLHeadingElement>(null)
  const sense = state.status === 'noticing' ? state.sense : null

  // Each new sense takes the keyboard focus, so a screen reader reads its heading and the tap-through starts from it.
  useEffect(() => {
    if (sense !== null) senseHeading.current?.focus()
  }, [sense])

  return (
    <PracticeFrame back={<BackToWhereYouCameFrom />} title="5-4-3-2-1 Grounding">
      {state.status === 'ready' && (
        <div className="mt-6 flex flex-col items-center gap-8">
          <div className={`${CARD} flex flex-col items-center gap-4`}>
            <Orb icon={Leaf} />
            <p>
              When everything feels like too much, your senses can bring you back to here and now. Go slowly, one sense at a time. There are no wrong
              answers, and nothing is saved.
            </p>
          </div>
          <button type="button" onClick={() => dispatch({ type: 'begin' })} className={PRIMARY_BUTTON}>
            <Leaf aria-hidden="true" className="size-5" />
            Begin
          </button>
        </div>
      )}
      {state.status === 'noticing' && (
        <Noticing key={state.sense} index={state.sense} noticed={state.noticed} headingRef={senseHeading} onNotice={() => dispatch({ type: 'notice' })} onMoveOn={() => dispatch({ type: 'move on' })} />
      )}
      {state.status === 'done' && <Finished onAgain={() => dispatch({ type: 'again' })} />}
    </PracticeFrame>
  )
}

/** A sense's picture: its icon in a soft orb whose halo breathes slowly, and holds still under reduced motion. */
function Orb({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <div aria-hidden="true" className="relative grid size-36 place-items-center">
      <div className="absolute inset-0 rounded-full bg-glow/20 blur-xl motion-safe:animate-[practice-breathe_10s_ease-in-out_infinite]" />
      <div className="relative grid size-28 place-items-center rounded-full bg-[radial-gradient(circle_at_36%_30%,#ffffff55_0%,#c9a2ff66_35%,#8f7cf033_100%)] shadow-[0_0_40px_8px_#8f7cf033]">
        <Icon aria-hidden="true" className="size-12 text-white" />
      </div>
    </div>
  )
}

function Noticing({
  index,
  noticed,
  headingRef,
  onNotice,
  onMoveOn,
}: {
  index: number
  noticed: number
  headingRef: Ref<HTMLHeadingElement>
  onNotice: () => void
  onMoveOn: () => void
}) {
  const { sense, count, heading, prompt, noticed: noticedOne } = GROUNDING_SENSES[index]!
  const next = GROUNDING_SENSES[index + 1]
  const full = noticed === count
  const sensesLabel = useId()
  return (
    <div className="mt-6 flex w-full flex-col items-center gap-6">
      <p id={sensesLabel} className="sr-only">
        Senses
      </p>
      <ol aria-labelledby={sensesLabel} className="flex items-center gap-3">
        {GROUNDING_SENSES.map((step, at) => (
          <li key={step.sense} aria-current={at === index ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={`block size-3.5 rounded-full ${at < index ? 'bg-glow' : at === index ? 'bg-dawn ring-4 ring-dawn/25' : 'bg-white/20'}`}
            />
            <span className="sr-only">
              {step.heading}
              {at < index ? ', done' : at === index ? ', now' : ''}
            </span>
          </li>
        ))}
      </ol>

      <section aria-labelledby={`${sensesLabel}-sense`} className={`${CARD} flex flex-col items-center gap-4`}>
        <Orb icon={ICONS[sense]} />
        <h2 ref={headingRef} id={`${sensesLabel}-sense`} tabIndex={-1} className="text-2xl font-semibold text-white sm:text-3xl">
          {heading}
        </h2>
        <p>{prompt}</p>
        <ul aria-hidden="true" className="flex items-center gap-2.5 pt-2">
          {Array.from({ length: count }, (_, at) => (
            <li
              key={at}
              className={`size-5 rounded-full border-2 motion-safe:transition-colors motion-safe:duration-500 ${at < noticed ? 'border-dawn bg-dawn' : 'border-white/30'}`}
            />
          ))}
        </ul>
        <p aria-live="polite" className="min-h-6 text-sm text-white">
          {noticed} of {count}
          {full ? '. Well noticed.' : ''}
        </p>
      </section>

      <div className="flex flex-col items-center gap-3">
        {/* One button that stays where it is: it notices, and once the count is full it moves on, so the keyboard stays put. */}
        <button type="button" onClick={full ? onMoveOn : onNotice} className={PRIMARY_BUTTON}>
          {full ? (next ? `Next: ${next.heading.toLowerCase()}` : 'Finish') : noticedOne}
        </button>
        {!full && (
          <button type="button" onClick={onMoveOn} className="min-h-11 rounded-full px-4 text-sm text-mist underline-offset-2 hover:text-white hover:underline">
            {next ? 'Move on to the next sense' : 'Finish'}
          </button>
        )}
      </div>
    </div>
  )
}

/** The end: a calm word, the way to go again, and where help is for someone who still doesn't feel safe. */
function Finished({ onAgain }: { onAgain: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section aria-labelledby={headingId} className="relative mt-10 w-full overflow-hidden rounded-3xl border border-white/10 bg-night-soft/80 p-6 sm:p-8">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-glow/15 blur-3xl" />
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className="relative text-2xl font-semibold text-white sm:text-3xl">
        You are here, right now
      </h2>
      <div className="relative mt-5 flex flex-col items-center gap-5 text-base text-mist">
        <p className="max-w-prose">Take one more slow breath. You can come back to this whenever you need it.</p>
        <button type="button" onClick={onAgain} className={SECONDARY_BUTTON}>
          <RotateCcw aria-hidden="true" className="size-5" />
          Go again
        </button>
        <p className="max-w-prose text-sm">
          Still not feeling safe? Call your local emergency number, or{' '}
          <Link to={SAFETY_ROUTE} className="font-semibold text-dawn underline underline-offset-2">
            find someone to talk to
          </Link>
          .
        </p>
      </div>
    </section>
  )
}
