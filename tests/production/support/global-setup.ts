import type { TestProject } from 'vitest/node'
import { startTestPostgres } from '../../../scripts/postgres.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of the PostgreSQL where each test file makes a database of its own. */
    testPostgresUrl: string
  }
}

/** The machine's PostgreSQL when one answers, or one started for this run and stopped after it. */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres()
  project.provide('testPostgresUrl', postgres.url)
  return postgres.stop
}
