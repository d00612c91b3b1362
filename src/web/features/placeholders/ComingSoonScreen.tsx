import { useLocation } from 'react-router'
import { BackHome } from '~/web/ui/BackLink'

const TITLES: Record<string, string> = { '/community': 'Community' }

export default function ComingSoonScreen() {
  const { pathname } = useLocation()
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold text-white">{TITLES[pathname] ?? 'Coming soon'}</h1>
      <p>This section is coming soon.</p>
      <div className="flex justify-center">
        <BackHome />
      </div>
    </main>
  )
}
