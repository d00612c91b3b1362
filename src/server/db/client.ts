import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema'
import { seedContent } from './seed'

/** One type for both drivers, so app code never knows which database it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  ping(): Promise<unknown>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** Held while one instance migrates and seeds, so several instances starting together don't race. */
const MIGRATION_LOCK = 7_401_221

export type DatabaseSource =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  | { snapshot: Blob }
  | { memory: true }
  | { pglite: PGlite }

/** Opens the database and brings it up to date: migrations, then reference content. */
export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if ('databaseUrl' in source) return openPostgres(source.databaseUrl, source.poolSize)
  return openPglite(source)
}

async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const migrator = new pg.Client({ connectionString })
  await migrator.connect()
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    const migrationDb = drizzlePg(migrator, { schema })
    await migratePg(migrationDb, { migrationsFolder })
    await seedContent(migrationDb as unknown as Db)
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await migrator.end()
  }
  const pool = new pg.Pool({ connectionString, max: poolSize })
  // An idle client losing its server must not crash the process; the next query reports it instead.
  pool.on('error', () => undefined)
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  }
}

async function openPglite(source: Exclude<DatabaseSource, { databaseUrl: string }>): Promise<Database> {
  let client: PGlite
  if ('pglite' in source) {
    client = source.pglite
  } else if ('dataDir' in source) {
    mkdirSync(source.dataDir, { recursive: true })
    client = new PGlite(source.dataDir)
  } else if ('snapshot' in source) {
    client = new PGlite({ loadDataDir: source.snapshot })
  } else {
    client = new PGlite()
  }
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
  await seedContent(db)
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  }
}
