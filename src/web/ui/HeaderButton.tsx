import { Link } from 'react-router'
import { HOME_ROUTE } from '~/web/app/route-access'
import { useSession } from '~/web/app/session'

const BUTTON_CLASS =
  'inline-flex min-h-11 items-center rounded-full border border-white/20 bg-white/5 px-5 text-sm font-medium text-white backdrop-blur transition-colors hover:border-white/40 hover:bg-white/10'

/** The landing's header button (docs/product.md#landing). */
export function HeaderButton() {
  const { data: user, isPending } = useSession()

  if (isPending) {
    return (
      <button type="button" disabled className={`${BUTTON_CLASS} cursor-wait`}>
        Loading...
      </button>
    )
  }
  if (!user) {
    return (
      <Link to="/auth/login" className={BUTTON_CLASS}>
        Login
      </Link>
    )
  }
  return (
    <Link to={HOME_ROUTE} className={BUTTON_CLASS}>
      Enter App
    </Link>
  )
}
