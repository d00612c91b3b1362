import { Link, useLocation } from 'react-router'

const TITLES: Record<string, string> = { '/journal': 'Journal', '/stats': 'Stats', '/community': 'Community' }

export default function ComingSoonScreen() {
  const { pathname } = useLocation()
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold text-white">{TITLES[pathname] ?? 'Coming soon'}</h1>
      <p>This section is coming soon.</p>
      <Link to="/dashboard" className="text-dawn underline">
        Back to Dashboard
      </Link>
    </main>
  )
}
