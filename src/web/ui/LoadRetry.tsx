import { SECONDARY_BUTTON } from './buttons'

/** A screen's data that didn't arrive: what is missing, and a way to ask again that says when it is asking. */
export function LoadRetry({ what, query }: { what: string; query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <div role="alert" className="mt-8 rounded-3xl border border-white/10 bg-night-soft/80 p-6 text-center">
      <p className="text-base text-white">We couldn&apos;t load {what} just now.</p>
      <button type="button" disabled={query.isFetching} onClick={() => void query.refetch()} className={`${SECONDARY_BUTTON} mt-4`}>
        {query.isFetching ? 'Trying again...' : 'Try again'}
      </button>
    </div>
  )
}
