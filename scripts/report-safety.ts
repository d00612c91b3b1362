/**
 * npm run report:safety — the anonymous daily count of crisis responses (the help Olo gave when a message sounded like a
 * crisis, or in place of a reply that could have harmed), by year and day: what California's SB 243 asks operators to
 * report each year. It holds a date and a number per day, nothing about anyone (docs/decisions/0012).
 *
 * It reads the database the server is configured with (DATABASE_URL, else PGlite under DATA_DIR) and writes nothing.
 * `--json` prints the same as JSON.
 */
import pg from 'pg'
import { ConfigError, loadConfig } from '../src/server/config'
import { holdDataDir, newPglite } from '../src/server/database'

interface Day {
  day: string
  count: number
}

const QUERY = `select to_char(day, 'YYYY-MM-DD') as day, count from crisis_response_counts order by day`

async function readDays(): Promise<Day[]> {
  const config = loadConfig()
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl })
    await client.connect()
    try {
      return (await client.query<Day>(QUERY)).rows
    } finally {
      await client.end()
    }
  }
  // PGlite serves one process at a time: with Lumin running on DATA_DIR, this stops and says so.
  const letGo = holdDataDir(config.dataDir)
  const db = newPglite({ dataDir: config.dataDir })
  try {
    return (await db.query<Day>(QUERY)).rows
  } finally {
    await db.close()
    letGo()
  }
}

/** The report as a person reads it: each year's total, then its days. */
function formatReport(days: readonly Day[]): string {
  if (!days.length) return 'Crisis responses: none recorded.'
  const years = new Map<string, Day[]>()
  for (const day of days) years.set(day.day.slice(0, 4), [...(years.get(day.day.slice(0, 4)) ?? []), day])
  const lines = ['Crisis responses (an anonymous count per day: the help Olo gave, nothing about anyone)']
  for (const [year, inYear] of years) {
    lines.push('', `${year}: ${inYear.reduce((sum, d) => sum + d.count, 0)}`)
    for (const { day, count } of inYear) lines.push(`  ${day}  ${count}`)
  }
  return lines.join('\n')
}

try {
  const days = await readDays()
  console.log(process.argv.includes('--json') ? JSON.stringify(days, null, 2) : formatReport(days))
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
}
