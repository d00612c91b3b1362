import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** One type for both drivers, so app code never knows which database it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs SQL given as text, for a library that brings its own (the job queue); several statements when there are no values. */
  execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  ping(): Promise<unknown>
  /** Runs `stop` before the database closes: what works on it (the job queue) finishes first. */
  beforeClose(stop: () => Promise<void>): void
  close(): Promise<void>
}
