import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { runOnServer, withDatabase } from '../../../scripts/postgres.mjs'

const serverUrl = inject('testPostgresUrl')

/** Runs one statement on the test PostgreSQL's maintenance database. */
const onServer = (statement: string) => runOnServer(serverUrl, statement)

/**
 * An empty database of this test file's own on the test PostgreSQL, dropped after the file. The servers under test
 * migrate it themselves at start-up, as they would in production.
 */
export async function freshDatabase(label: string) {
  const name = `lumin_${label}_${process.pid}_${randomBytes(3).toString('hex')}`
  await onServer(`create database ${name}`)
  const url = withDatabase(serverUrl, name)
  // With force: a server of the file that still holds connections is cut off.
  afterAll(() => onServer(`drop database if exists ${name} with (force)`))
  /** A connection of the test's own, to look at what the servers wrote or to hold a lock they need. */
  async function connect() {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    return client
  }
  return { name, url, connect }
}

/** The first row of a query, for assertions on what the database holds. */
export async function firstRow<T>(client: pg.Client, text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await client.query(text, values)
  return rows[0] as T
}
