import { usePrefetchQuery } from '@tanstack/react-query'
import { Plus, Sparkles, Trophy } from 'lucide-react'
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { MenuPage } from '~/web/ui/MenuPage'
import { categoriesQuery, useAchievements, useGoals } from '~/web/data/goals'
import { goalChatAddress } from './address'
import { AchievementCard } from './AchievementCard'
import { CategoryModal } from './CategoryModal'
import { GoalCard } from './GoalCard'

const TABS = [
  { id: 'goals', label: 'Goals' },
  { id: 'achievements', label: 'Achievements' },
] as const
type TabId = (typeof TABS)[number]['id']

/** The tab is kept in the address, so a reload or the back button returns to it. */
const TAB_PARAM = 'tab'

/** The goals screen (docs/product.md#goals): the user's goals and the tiers they have earned, in two tabs. */
export default function AchievementsGoalsScreen() {
  const [params, setParams] = useSearchParams()
  const tab: TabId = params.get(TAB_PARAM) === 'achievements' ? 'achievements' : 'goals'
  const showTab = (id: TabId) => setParams(id === 'goals' ? {} : { [TAB_PARAM]: id }, { replace: true })

  return (
    <MenuPage offline="waits">
      <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">Life Goals &amp; Achievements</h1>
      <Tabs selected={tab} onSelect={showTab} panels={{ goals: <GoalsPanel onShowAchievements={() => showTab('achievements')} />, achievements: <AchievementsPanel /> }} />
    </MenuPage>
  )
}

/** A tablist as the ARIA pattern has it: one tab stop, arrow keys (and Home, End) move between the tabs and show them. */
function Tabs({ selected, onSelect, panels }: { selected: TabId; onSelect: (id: TabId) => void; panels: Record<TabId, ReactNode> }) {
  const baseId = useId()
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({})

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((tab) => tab.id === selected)
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const tab = TABS[(next + TABS.length) % TABS.length]!
    onSelect(tab.id)
    tabRefs.current[tab.id]?.focus()
  }

  return (
    <div className="mt-6">
      <div role="tablist" aria-label="Goals and achievements" className="flex gap-1 rounded-full border border-white/10 bg-white/5 p-1">
        {TABS.map(({ id, label }) => {
          const active = id === selected
          const Icon = id === 'goals' ? Sparkles : Trophy
          return (
            <button
              key={id}
              ref={(element) => {
                tabRefs.current[id] = element
              }}
              type="button"
              role="tab"
              id={`${baseId}-${id}-tab`}
              aria-selected={active}
              aria-controls={`${baseId}-${id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(id)}
              onKeyDown={onKeyDown}
              className={`flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-4 font-medium transition-colors motion-reduce:transition-none ${
                active ? 'bg-dawn text-night' : 'text-mist hover:bg-white/10 hover:text-white'
              }`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          )
        })}
      </div>
      {TABS.map(({ id }) => (
        <div key={id} role="tabpanel" id={`${baseId}-${id}-panel`} aria-labelledby={`${baseId}-${id}-tab`} hidden={id !== selected} className="mt-6">
          {id === selected && panels[id]}
        </div>
      ))}
    </div>
  )
}

function Loading() {
  return (
    <p role="status" className="py-10 text-center">
      Loading your achievements...
    </p>
  )
}

function GoalsPanel({ onShowAchievements }: { onShowAchievements: () => void }) {
  // A failed fetch is only logged (docs/product.md#errors); the query keeps trying, and until it succeeds the screen
  // says it is loading.
  const goals = useGoals()
  const navigate = useNavigate()
  const [choosing, setChoosing] = useState(false)
  usePrefetchQuery(categoriesQuery)

  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setChoosing(true)} className={`${PRIMARY_BUTTON} w-full sm:w-auto`}>
        <Plus aria-hidden="true" className="size-5" />
        Create New Goal with Olo
      </button>
      <div className="mt-6">
        {!goals.data ? (
          <Loading />
        ) : goals.data.length === 0 ? (
          <Empty title="No Goals Yet">
            Talk with Olo to turn something you care about into a goal you can measure, then track it here.
          </Empty>
        ) : (
          <ul className="space-y-4">
            {goals.data.map((goal) => (
              <li key={goal.id}>
                <GoalCard goal={goal} onShowAchievements={onShowAchievements} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {choosing && <CategoryModal onClose={() => setChoosing(false)} onChoose={(category) => void navigate(goalChatAddress(category.id))} />}
    </>
  )
}

function AchievementsPanel() {
  const achievements = useAchievements()
  if (!achievements.data) return <Loading />
  if (achievements.data.length === 0) {
    return (
      <Empty title="No Achievements Yet">
        Move a goal forward to earn its badges: Bronze at 25%, Silver at 50%, Gold at 75% and Diamond at 100%.
      </Empty>
    )
  }
  return (
    <ul className="space-y-4">
      {achievements.data.map((achievement) => (
        <li key={achievement.id}>
          <AchievementCard achievement={achievement} />
        </li>
      ))}
    </ul>
  )
}

function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-dashed border-white/15 px-6 py-10 text-center">
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      <p className="mx-auto mt-2 max-w-md">{children}</p>
    </div>
  )
}
