import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { newPglite, openDatabase } from '~/server/database'
import { runOnServer, withDatabase } from '../../scripts/postgres.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string
    /** On PostgreSQL, the migrated and seeded database each file's own is cloned from. */
    postgresTemplate: string
  }
}

/** Migrates and seeds once; every test file then starts from a copy instead of migrating again. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    // A name of this run's own: two runs on one PostgreSQL would otherwise drop each other's template.
    const name = `lumin_test_template_${process.pid}`
    await runOnServer(url, `drop database if exists ${name} with (force)`)
    await runOnServer(url, `create database ${name}`)
    const template = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 })
    await template.close()
    project.provide('pgliteSnapshot', '')
    project.provide('postgresTemplate', name)
    return () => runOnServer(url, `drop database if exists ${name} with (force)`)
  }
  const dir = join(process.cwd(), 'node_modules', '.cache', 'lumin-tests')
  mkdirSync(dir, { recursive: true })
  const client = newPglite()
  await openDatabase({ pglite: client })
  const snapshot = await client.dumpDataDir('none')
  await client.close()
  const file = join(dir, `pglite-${process.pid}.tar`)
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  project.provide('postgresTemplate', '')
}
