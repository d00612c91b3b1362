import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * Finds PgBouncer for the production suite's pooler test: PGBOUNCER_PATH, then PATH, then /usr/sbin, where Debian's
 * package puts it out of a normal user's PATH.
 */
export function findPgBouncer() {
  const candidates = [process.env.PGBOUNCER_PATH]
  try {
    candidates.push(execFileSync('which', ['pgbouncer'], { encoding: 'utf8' }).trim())
  } catch {
    // not on PATH
  }
  candidates.push('/usr/sbin/pgbouncer')
  return candidates.find((path) => path && existsSync(path)) ?? null
}

export const HOW_TO_GET_PGBOUNCER = `No PgBouncer was found for the test that runs Lumin behind a transaction-mode pooler. Get one, then run npm test again:
  • Debian or Ubuntu:  sudo apt-get install -y pgbouncer   (the test starts its own on a free port; the system service may stay stopped)
  • Fedora:            sudo dnf install pgbouncer
  • macOS:             brew install pgbouncer
  • or point PGBOUNCER_PATH at any pgbouncer binary.`
