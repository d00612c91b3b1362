import { LifeBuoy } from 'lucide-react'
import { useId } from 'react'

/**
 * Shown in every chat once a message spoke of crisis (docs/product.md#safety): real people who can help, right now. A
 * region rather than a complementary landmark: it sits inside the screens' own regions (a check-in card, a journal
 * entry), where a complementary one may not.
 */
export function HelpCard({ helplines }: { helplines: string }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border border-dawn/40 bg-dawn/10 p-5 text-white">
      <div className="flex items-start gap-3">
        <LifeBuoy aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-dawn" />
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            You deserve support right now
          </h2>
          <p className="mt-2 leading-relaxed text-white/90">{linkify(helplines)}</p>
          <p className="mt-2 text-sm text-mist">Olo is an AI guide, not a therapist. A person can help in ways Olo can't.</p>
        </div>
      </div>
    </section>
  )
}

/** Helpline text may name findahelpline.com and the like; those become links. */
function linkify(text: string) {
  return text.split(/(\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|uk|ie)\b)/gi).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`https://${part}`} target="_blank" rel="noreferrer" className="font-semibold text-dawn underline underline-offset-2">
        {part}
      </a>
    ) : (
      part
    ),
  )
}
