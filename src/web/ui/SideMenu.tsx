import { Bell, BookOpen, CalendarDays, ChartColumn, LayoutDashboard, LifeBuoy, Lightbulb, LogOut, Menu, Settings, Sun, Target, Users, X, type LucideIcon } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useModal } from './useModal'
import { SAFETY_PLAN_ROUTE } from '~/web/app/route-access'
import { useSignOut } from '~/web/app/sign-out'

type MenuItem = { label: string; to: string; icon: LucideIcon }

/**
 * The screens a member opens (docs/product.md#menus), the same on every screen (docs/decisions/0058): both homes, the
 * journal, Stats and the goals.
 */
const PLACES: readonly MenuItem[] = [
  { label: 'Weekly Dashboard', to: '/weekly-dashboard', icon: Sun },
  { label: 'Main Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'Journal', to: '/journal', icon: BookOpen },
  { label: 'Stats', to: '/stats', icon: ChartColumn },
  { label: 'Life Goals', to: '/achievements-goals', icon: Target },
]

/**
 * Below the places (docs/product.md#menus): looking back (the Calendar, and Insights, a section of Stats), then
 * Settings and Notifications, its Reminders section. Journey Map is gone: the path's journey is the main dashboard
 * (docs/decisions/0042).
 */
const EVERY_MENU: readonly MenuItem[] = [
  { label: 'Calendar', to: '/calendar', icon: CalendarDays },
  { label: 'Insights', to: '/stats#insights', icon: Lightbulb },
  { label: 'Settings', to: '/settings', icon: Settings },
  { label: 'Notifications', to: '/settings#reminders', icon: Bell },
]

/** Last in every menu, apart from the rest: the member's own safety plan, one tap away (docs/decisions/0053). */
const SAFETY_PLAN_ITEM: MenuItem = { label: 'My safety plan', to: SAFETY_PLAN_ROUTE, icon: LifeBuoy }

/**
 * The signed-in screens' menu: a button that opens a modal navigation drawer with every screen a member can open (the
 * link to the screen the user is on is marked as current), and Community, still to come, named but leading nowhere
 * (docs/product.md#menus).
 */
export function SideMenu() {
  const [open, setOpen] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const drawerId = useId()

  const close = useCallback(() => {
    setOpen(false)
    triggerRef.current?.focus()
  }, [])

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpen(true)}
        className="grid size-11 place-items-center rounded-full border border-white/15 text-white transition-colors hover:bg-white/10"
      >
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">Open menu</span>
      </button>
      {open && <MenuDrawer id={drawerId} onClose={close} />}
    </>
  )
}

function MenuDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const signOut = useSignOut()
  const { pathname } = useLocation()
  const [signingOut, setSigningOut] = useState(false)
  const headingId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  // The close button takes focus first; the modal then keeps it inside and gives it back to the menu button.
  useEffect(() => closeRef.current?.focus(), [])
  useModal(panelRef, onClose)

  return (
    <>
      <div
        aria-hidden="true"
        onClick={onClose}
        className="fixed inset-0 z-40 bg-black/60 transition-opacity duration-300 motion-reduce:transition-none starting:opacity-0"
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,86vw)] flex-col overflow-y-auto border-r border-white/10 bg-night-soft px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl shadow-black/60 transition-transform duration-300 ease-out motion-reduce:transition-none starting:-translate-x-full"
      >
        <div className="flex items-center justify-between pl-2">
          <h2 id={headingId} className="text-lg font-semibold text-white">
            Menu
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="grid size-11 place-items-center rounded-full text-white transition-colors hover:bg-white/10"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>

        <nav aria-label="Main" className="mt-4">
          <ul className="space-y-1">
            {PLACES.map((item) => (
              <li key={item.to}>
                <MenuLink item={item} current={pathname === item.to} onClose={onClose} />
              </li>
            ))}
            {/* Named so the member knows it is coming, but not a link: nothing in the menu leads to an empty screen. */}
            <li className="flex min-h-12 items-center gap-3 rounded-xl px-3 font-medium text-mist">
              <Users aria-hidden="true" className="size-5" />
              Community
              <span className="ml-auto rounded-full border border-white/15 px-2 py-0.5 text-xs font-normal">Coming Soon</span>
            </li>
          </ul>
          <ul className="mt-4 space-y-1 border-t border-white/10 pt-4">
            {EVERY_MENU.map((item) => (
              <li key={item.to}>
                <MenuLink item={item} current={pathname === item.to} onClose={onClose} />
              </li>
            ))}
          </ul>
          <ul className="mt-4 border-t border-white/10 pt-4">
            <li>
              <MenuLink item={SAFETY_PLAN_ITEM} current={pathname === SAFETY_PLAN_ROUTE} onClose={onClose} />
            </li>
          </ul>
        </nav>

        <button
          type="button"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true)
            void signOut()
          }}
          className="mt-auto flex min-h-12 items-center gap-3 rounded-xl px-3 font-medium text-white transition-colors hover:bg-white/10 disabled:cursor-wait disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-5 text-glow" />
          {signingOut ? 'Signing out...' : 'Sign out'}
        </button>
      </div>
    </>
  )
}

function MenuLink({ item: { label, to, icon: Icon }, current, onClose }: { item: MenuItem; current: boolean; onClose: () => void }) {
  const { pathname } = useLocation()
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      // The screen the user is on: following its link just closes the menu. A section of it (Settings' Reminders, from
      // Settings) is followed, and the menu closes, as the screen stays.
      onClick={(event) => {
        if (current) event.preventDefault()
        if (current || to.startsWith(`${pathname}#`)) onClose()
      }}
      className="flex min-h-12 items-center gap-3 rounded-xl px-3 font-medium text-white transition-colors hover:bg-white/10 aria-[current=page]:bg-white/10"
    >
      <Icon aria-hidden="true" className="size-5 text-glow" />
      {label}
      {/* aria-current already tells assistive technology; this is for the eye. */}
      {current && (
        <span aria-hidden="true" className="ml-auto text-xs font-normal text-mist">
          You are here
        </span>
      )}
    </Link>
  )
}
