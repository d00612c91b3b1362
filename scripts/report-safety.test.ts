import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/server/database'

const dataDir = mkdtempSync(join(tmpdir(), 'lumin-report-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function report(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/report-safety.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('npm run report:safety', () => {
  // A migrated PGlite and two runs of the script, each starting tsx: slow work on two busy cores, nothing timed.
  it('prints each year’s total and its days from the configured database', { timeout: 90_000 }, async () => {
    const database = await openDatabase({ dataDir })
    await database.execute(`insert into crisis_response_counts (day, count) values ('2025-12-31', 2), ('2026-01-02', 3), ('2026-11-23', 4)`)
    await database.close()

    const result = report()
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('2025: 2\n  2025-12-31  2')
    expect(result.stdout).toContain('2026: 7\n  2026-01-02  3\n  2026-11-23  4')
    expect(JSON.parse(report('--json').stdout)).toEqual([
      { day: '2025-12-31', count: 2 },
      { day: '2026-01-02', count: 3 },
      { day: '2026-11-23', count: 4 },
    ])
  })

  it('refuses, in one line, to open PGlite while a running Lumin holds it', () => {
    // This test process stands for the running Lumin.
    writeFileSync(join(dataDir, 'lumin.pid'), String(process.pid))
    try {
      const result = report()
      expect(result.status).toBe(1)
      expect(result.stderr.trim()).toBe(`Invalid configuration: DATA_DIR ${dataDir} is in use by another Lumin (process ${process.pid}); stop it first, or set DATABASE_URL`)
    } finally {
      rmSync(join(dataDir, 'lumin.pid'))
    }
  })
})
