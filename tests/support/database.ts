import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase } from '~/server/database'
import type { Database } from '~/server/db/client'
import { withDatabase } from '../../scripts/postgres.mjs'

/**
 * A database of this test file's own, migrated and seeded: a copy of the PGlite snapshot made by the global setup,
 * or, when DATABASE_URL is set, a fresh PostgreSQL database cloned from the template.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (!url) return openDatabase({ snapshot: new Blob([readFileSync(inject('pgliteSnapshot'))]) })
  const name = `lumin_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`)
  await admin.end()
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 20 })
  return {
    ...database,
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
