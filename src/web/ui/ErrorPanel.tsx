import { Link } from 'react-router'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './buttons'

/**
 * The error panel (docs/product.md#errors): 'Something went wrong', what happened, a way back and a way to try again.
 */
export function ErrorPanel({
  title = 'Something went wrong',
  message,
  backTo,
  backLabel = 'Return to Dashboard',
  onRetry,
}: {
  title?: string
  message: string
  backTo: string
  backLabel?: string
  onRetry: () => void
}) {
  return (
    <section role="alert" aria-labelledby="error-panel-title" className="rounded-3xl border border-white/15 bg-night-soft/90 p-6 text-center">
      <h2 id="error-panel-title" className="text-xl font-semibold text-white">
        {title}
      </h2>
      <p className="mt-2 text-mist">{message}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link to={backTo} className={SECONDARY_BUTTON}>
          {backLabel}
        </Link>
        <button type="button" onClick={onRetry} className={PRIMARY_BUTTON}>
          Try Again
        </button>
      </div>
    </section>
  )
}
