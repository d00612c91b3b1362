import { useEffect, useId, useRef } from 'react'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { useCategories, type GoalCategory } from '~/web/data/goals'
import { CategoryIcon } from './categoryIcons'
import { useModal } from '~/web/ui/useModal'

/** 'Choose a Goal Category', one tile per category (icon, name, description), and Cancel (docs/product.md#goals). */
export function CategoryModal({ onChoose, onClose }: { onChoose: (category: GoalCategory) => void; onClose: () => void }) {
  const categories = useCategories()
  const headingId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const firstTileRef = useRef<HTMLButtonElement>(null)
  useModal(panelRef, onClose)

  // The first tile takes focus once there are tiles; until then the dialog itself holds it.
  const ready = Boolean(categories.data?.length)
  useEffect(() => {
    if (ready && (document.activeElement === panelRef.current || !panelRef.current?.contains(document.activeElement))) firstTileRef.current?.focus()
  }, [ready])

  return (
    <>
      <div aria-hidden="true" onClick={onClose} className="fixed inset-0 z-40 bg-black/70 transition-opacity duration-300 motion-reduce:transition-none starting:opacity-0" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl border border-white/10 bg-night-soft shadow-2xl shadow-black/60 transition-transform duration-300 ease-out focus:outline-none motion-reduce:transition-none starting:translate-y-8 sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(40rem,92vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
      >
        <div className="px-5 pt-6 sm:px-8">
          <h2 id={headingId} className="text-2xl font-semibold text-white">
            Choose a Goal Category
          </h2>
          <p className="mt-1">Pick where your goal belongs; Olo will help you make it one you can measure.</p>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-8">
          {categories.data ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {categories.data.map((category, index) => (
                <li key={category.id}>
                  <button
                    ref={index === 0 ? firstTileRef : undefined}
                    type="button"
                    onClick={() => onChoose(category)}
                    className="flex h-full min-h-20 w-full items-start gap-3 rounded-2xl border border-white/10 bg-white/5 p-4 text-left transition-colors hover:border-glow/50 hover:bg-white/10 motion-reduce:transition-none"
                  >
                    <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-glow/15 text-glow">
                      <CategoryIcon name={category.iconName} />
                    </span>
                    <span className="min-w-0">
                      <span className="block font-semibold text-white">{category.name}</span>
                      <span className="mt-0.5 block text-sm">{category.description}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p role="status" className="py-6 text-center">
              Loading categories...
            </p>
          )}
        </div>
        <div className="border-t border-white/10 px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:px-8">
          <button type="button" onClick={onClose} className={`${SECONDARY_BUTTON} w-full sm:w-auto`}>
            Cancel
          </button>
        </div>
      </div>
    </>
  )
}
