import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '~/server/database'
import { withDatabase } from '../../scripts/postgres.mjs'
import { TEMPLATE_DATABASE } from './database'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string
  }
}

/** Migrates and seeds once; every test file then starts from a copy instead of migrating again. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)
    await admin.query(`create database ${TEMPLATE_DATABASE}`)
    await admin.end()
    const template = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DATABASE), poolSize: 1 })
    await template.close()
    project.provide('pgliteSnapshot', '')
    return
  }
  const dir = join(process.cwd(), 'node_modules', '.cache', 'lumin-tests')
  mkdirSync(dir, { recursive: true })
  const client = new PGlite()
  await openDatabase({ pglite: client })
  const snapshot = await client.dumpDataDir('none')
  await client.close()
  const file = join(dir, `pglite-${process.pid}.tar`)
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
}
