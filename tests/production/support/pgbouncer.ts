import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll } from 'vitest'
import { findPgBouncer, HOW_TO_GET_PGBOUNCER } from '../../../scripts/pgbouncer.mjs'
import { freePort } from './lumin'

/** A value of a PgBouncer connection string, quoted so that spaces and quotes in a password survive. */
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`

/**
 * The system's real PgBouncer in transaction mode in front of `databaseUrl`'s database, on a free port of loopback,
 * with its files in a temporary directory; stopped after the file. Whatever its version, it keeps no named prepared
 * statement for its clients, as Debian 12's and Ubuntu 22.04's 1.18 can't, and RDS Proxy and some hosted poolers don't.
 * Null, and says so, on a machine without PgBouncer, so that its tests are skipped there; CI installs one, and fails
 * without it (docs/decisions/0025).
 */
export async function startPgBouncer(databaseUrl: string) {
  const path = findPgBouncer()
  if (!path && process.env.CI) throw new Error(HOW_TO_GET_PGBOUNCER)
  if (!path) {
    console.warn(`Skipping the tests behind PgBouncer. ${HOW_TO_GET_PGBOUNCER}`)
    return null
  }
  const target = new URL(databaseUrl)
  const database = target.pathname.slice(1)
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'lumin-pgbouncer-'))
  const server = { host: target.hostname, port: target.port || '5432', dbname: database, user: decodeURIComponent(target.username), password: decodeURIComponent(target.password) }
  const [major = 0, minor = 0] = /PgBouncer (\d+)\.(\d+)/.exec(execFileSync(path, ['--version'], { encoding: 'utf8' }))?.slice(1).map(Number) ?? []
  const ini = join(dir, 'pgbouncer.ini')
  writeFileSync(
    ini,
    [
      '[databases]',
      `${database} = ${Object.entries(server)
        .filter(([, value]) => value)
        .map(([key, value]) => `${key}=${quoted(value)}`)
        .join(' ')}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      // No Unix socket: Lumin comes over TCP, and the default /tmp would be shared with any other PgBouncer there.
      'unix_socket_dir =',
      // Clients are let in without a password; PgBouncer logs in to PostgreSQL as the user of [databases].
      'auth_type = any',
      'pool_mode = transaction',
      'log_connections = 0',
      'log_disconnections = 0',
      // 1.21 can keep prepared statements, and 1.24 does by default: this pooler is one that can't.
      ...(major > 1 || minor >= 21 ? ['max_prepared_statements = 0'] : []),
    ].join('\n'),
  )
  // PgBouncer refuses to run as root; started by root, as CI is, it switches to nobody once its files are read.
  const child = spawn(path, process.getuid?.() === 0 ? ['--user', 'nobody', ini] : [ini], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let gone = false
  void exited.then(() => (gone = true))
  const stop = async () => {
    if (!gone) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  afterAll(stop)

  const url = `postgres://${target.username || 'postgres'}@127.0.0.1:${port}/${database}`
  const deadline = Date.now() + 10_000
  while (!(await answers(url))) {
    if (gone || Date.now() > deadline) {
      await stop()
      throw new Error(`PgBouncer (${path}) did not answer on port ${port}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    /** For DATABASE_URL: the database through PgBouncer. */
    url,
    /** What PgBouncer logged so far. */
    output: () => output,
  }
}

async function answers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}
