import { Link } from 'react-router'

/** Stands in for screens that later work builds, so their routes and guards already hold. */
export default function NotBuiltYetScreen() {
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold text-white">Not built yet</h1>
      <p>This part of Lumin is on its way.</p>
      <Link to="/weekly-dashboard" className="text-dawn underline">
        Back to your week
      </Link>
    </main>
  )
}
