import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { ConfigError } from './config'
import type { Database, Db } from './db/client'
import { seedReferenceContent } from './db/seed'
import * as schema from './db/schema'
import { installJobQueue } from './jobs/queue'
import { errorCode } from './error-code'
import type { Logger } from './logger'
import { seedScripts } from './olo/scripts'

/** The close and beforeClose of a database: the registered stops run, last first, then the connection closes. */
function closing(close: () => Promise<void>): Pick<Database, 'beforeClose' | 'close'> {
  const stops: (() => Promise<void>)[] = []
  return {
    beforeClose: (stop) => void stops.unshift(stop),
    close: async () => {
      for (const stop of stops.splice(0)) await stop()
      await close()
    },
  }
}

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url))
/** Held while one instance migrates and seeds, so several instances starting together don't race. */
const MIGRATION_LOCK = 7_401_221
/**
 * A database that stops answering fails a request in seconds with a 503 instead of holding it: a new connection gets
 * this long to open, a query this long to answer.
 */
export const CONNECT_TIMEOUT_MS = 5_000
const QUERY_TIMEOUT_MS = 10_000
const IDLE_CONNECTION_MS = 60_000

export type DatabaseSource =
  | {
      databaseUrl: string
      poolSize?: number
      /** A direct connection for start-up's migration, whose advisory lock needs a session (not a transaction-mode pooler); defaults to databaseUrl. */
      migrationUrl?: string
      /** false: every query is sent unnamed, for a pooler that can't keep named prepared statements (DATABASE_PREPARED_STATEMENTS). */
      preparedStatements?: boolean
      /** Where connections lost under the running server are reported. */
      logger?: Logger
    }
  | { dataDir: string }
  | { snapshot: Blob }
  | { memory: true }
  | { pglite: PGlite }

/** Opens the database and brings it up to date: migrations, then Olo's scripts and the reference content, then the job queue's tables. */
export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if ('databaseUrl' in source) return openPostgres(source)
  return openPglite(source)
}

/**
 * node-postgres's client with the name taken off every query config. Drizzle's `.prepare('name')` statements are
 * named prepared statements, which live on one server connection; a transaction-mode pooler may hand the next
 * transaction another one, where the name already exists (42P05) or doesn't (26000). Unnamed, each is parsed where it
 * runs.
 */
class UnnamedStatementsClient extends pg.Client {
  override query: pg.Client['query'] = (...args: unknown[]) => Reflect.apply(super.query, this, [withoutName(args[0]), ...args.slice(1)])
}

/** A query config without its name; text and submittables (a cursor, a stream: their own classes) pass as they are. */
function withoutName(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('name' in config) || 'submit' in config) return config
  return { ...config, name: undefined }
}

async function openPostgres({ databaseUrl, poolSize = 10, migrationUrl = databaseUrl, preparedStatements = true, logger }: Extract<DatabaseSource, { databaseUrl: string }>): Promise<Database> {
  const migrator = new pg.Client({ connectionString: migrationUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  await migrator.connect()
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    const migrationDb = drizzlePg(migrator, { schema })
    await migratePg(migrationDb, { migrationsFolder })
    await seedContent(migrationDb)
    await installJobQueue((text, values = []) => migrator.query(text, values))
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await migrator.end()
  }
  // Idle connections stay a minute (pg's default is 10 s): a chat's turns come tens of seconds apart, and opening a
  // connection would add its set-up to the wait for Olo's first word.
  // Every connection of the pool, a transaction's checked-out one too, is of the class chosen here.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    Client: preparedStatements ? pg.Client : UnnamedStatementsClient,
  })
  // A connection cut under a client, idle or checked out between two queries of a transaction, emits 'error' on that
  // client; unheard, it would crash the process. Requests meanwhile get 503s, and the pool opens new connections.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.warn({ err: { name: err.name, code: errorCode(err), message: err.message } }, 'database connection lost'))
  })
  // The pool repeats an idle client's error; the client's own listener above has reported it.
  pool.on('error', () => undefined)
  const db: Db = drizzlePg(pool, { schema })
  return {
    db,
    kind: 'postgres',
    execute: (text, values = []) => pool.query(text, values),
    ping: async () => void (await db.execute(sql`select 1`)),
    ...closing(() => pool.end()),
  }
}

/**
 * PGlite's files serve one process at a time, and nothing in PGlite stops a second one from opening them (and
 * corrupting them): each process that opens DATA_DIR holds it with its process id, and another refuses while it lives.
 */
export function holdDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'lumin.pid')
  const holder = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0
  if (holder && holder !== process.pid && processIsAlive(holder)) {
    throw new ConfigError(`Invalid configuration: DATA_DIR ${dataDir} is in use by another Lumin (process ${holder}); stop it first, or set DATABASE_URL`)
  }
  writeFileSync(file, String(process.pid))
  return () => rmSync(file, { force: true })
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // Alive, but another user's: still a holder.
    return errorCode(err) === 'EPERM'
  }
}

/**
 * A PGlite with the extensions Lumin's schema uses: btree_gin, for the journal's search index (docs/decisions/0037).
 * An index's operators live in its extension's library, so every PGlite that opens Lumin's data loads it.
 */
export function newPglite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: { btree_gin } })
}

async function openPglite(source: Exclude<DatabaseSource, { databaseUrl: string }>): Promise<Database> {
  let client: PGlite
  let letGo: () => void = () => undefined
  if ('pglite' in source) {
    client = source.pglite
  } else if ('dataDir' in source) {
    letGo = holdDataDir(source.dataDir)
    client = newPglite({ dataDir: source.dataDir })
  } else if ('snapshot' in source) {
    client = newPglite({ loadDataDir: source.snapshot })
  } else {
    client = newPglite()
  }
  await client.waitReady
  const db: Db = drizzlePglite(client, { schema })
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
  await seedContent(db)
  const execute: Database['execute'] = async (text, values = []) =>
    // PGlite's exec takes several statements but no values; query takes values but one statement.
    values.length ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] }
  await installJobQueue(execute)
  return {
    db,
    kind: 'pglite',
    execute,
    ping: async () => void (await client.query('select 1')),
    ...closing(async () => {
      await client.close()
      letGo()
    }),
  }
}

/** Olo's scripts and the reference content, in one transaction; run at every start, it updates in place and never duplicates. */
export async function seedContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const scripts = await seedScripts(tx)
    await seedReferenceContent(tx, scripts)
  })
}
