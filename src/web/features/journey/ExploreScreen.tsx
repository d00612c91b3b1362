import { ArrowRight, LoaderCircle, TriangleAlert } from 'lucide-react'
import { useNavigate } from 'react-router'
import { PATHS } from '~/core/paths'
import { BackHome } from '~/web/ui/BackLink'
import { LoadRetry } from '~/web/ui/LoadRetry'
import { PRIMARY_BUTTON } from '~/web/ui/buttons'
import { useChoosePath, usePaths } from '~/web/data/journey'
import { Brand } from '~/web/ui/Brand'
import { LoadingShapes } from '~/web/ui/LoadingShapes'

type PathChoice = NonNullable<ReturnType<typeof usePaths>['data']>['paths'][number]

/**
 * /explore (docs/product.md#path-switching): the four paths with their practices, and one way back, to the home the
 * member came from; choosing one starts it and goes to the dashboard.
 */
export default function ExploreScreen() {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-5xl flex-col">
      {/* One way back, to the home the member came from: no header button beside it (docs/decisions/0058). */}
      <header className="flex items-center px-5 py-4 sm:px-8 sm:py-6">
        <Brand />
      </header>

      <main className="flex-1 px-5 pb-12 sm:px-8">
        <BackHome />
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Explore Paths</h1>
        <p className="mt-2 max-w-prose text-base">
          Each path is three short practices, each opened with a moment with Olo. Choose the one that fits you now.
        </p>
        <p className="mt-5 flex max-w-prose items-start gap-3 rounded-2xl border border-dawn/30 bg-dawn/5 p-4 text-sm text-white">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-dawn" />
          Switching paths resets your path progress. Your points stay.
        </p>
        <PathChoices />
      </main>
    </div>
  )
}

function PathChoices() {
  const paths = usePaths()
  const choose = useChoosePath()
  const navigate = useNavigate()

  if (paths.isPending) return <PathsPlaceholder />
  if (paths.isError) return <LoadRetry what="the paths" query={paths} />

  return (
    <ul aria-label="Paths" className="mt-8 grid gap-5 sm:grid-cols-2">
      {paths.data.paths.map((path) => (
        <PathCard
          key={path.key}
          path={path}
          current={path.key === paths.data.current}
          busy={choose.isPending}
          saving={choose.isPending && choose.variables === path.key}
          failed={choose.isError && choose.variables === path.key}
          onChoose={() => choose.mutate(path.key, { onSuccess: () => void navigate('/dashboard') })}
        />
      ))}
    </ul>
  )
}

type PathCardProps = { path: PathChoice; current: boolean; busy: boolean; saving: boolean; failed: boolean; onChoose: () => void }

function PathCard({ path, current, busy, saving, failed, onChoose }: PathCardProps) {
  return (
    <li
      className={`relative flex flex-col overflow-hidden rounded-3xl border p-5 sm:p-6 ${
        current ? 'border-glow/50 bg-glow/10' : 'border-white/10 bg-night-soft/80'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-semibold text-white">
          {path.title}
        </h2>
        {current && <span className="rounded-full bg-glow/20 px-3 py-1 text-xs font-medium text-glow">Your current path</span>}
      </div>
      <p className="mt-2">{path.description}</p>

      <h3 className="mt-5 text-sm font-medium text-white">Practices</h3>
      <ol aria-label={`${path.title} practices`} className="mt-2 space-y-1.5">
        {path.exercises.map((exercise) => (
          <li key={exercise.number} className="flex items-center gap-3 text-sm">
            <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full border border-white/20 text-xs text-white">
              {exercise.number}
            </span>
            {exercise.name}
          </li>
        ))}
      </ol>

      {/* One action per card: the current path has none, as the way back at the top is the one way back to it. */}
      {!current && (
        <div className="mt-auto pt-6">
          {/* Stays focusable while another choice is saving, so keyboard focus isn't lost; a second tap does nothing. */}
          <button
            type="button"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onChoose()
            }}
            className={`${PRIMARY_BUTTON} aria-disabled:cursor-wait ${busy && !saving ? 'opacity-60' : ''}`}
          >
            {saving ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
                Switching to {path.title}...
              </>
            ) : (
              <>
                Choose {path.title}
                <ArrowRight aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
              </>
            )}
          </button>
          {failed && (
            <p role="alert" className="mt-3 text-sm text-dawn">
              We couldn&apos;t switch you to {path.title}. Please try again.
            </p>
          )}
        </div>
      )}
    </li>
  )
}

function PathsPlaceholder() {
  return (
    <div className="mt-8">
      <LoadingShapes label="Loading the paths..." className="grid gap-5 sm:grid-cols-2">
        {PATHS.map((path) => (
          <div key={path} className="h-72 rounded-3xl bg-white/5" />
        ))}
      </LoadingShapes>
    </div>
  )
}
