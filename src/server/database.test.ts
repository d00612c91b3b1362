import { count, eq, sql } from 'drizzle-orm'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GAME_TYPES } from '~/core/paths'
import { timeZoneSchema } from '~/core/weekly'
import { openTestDatabase } from '~test/support/database'
import { openDatabase, seedContent } from './database'
import type { Db } from './db/client'
import * as t from './db/schema'

async function counts(db: Db) {
  const tables = { dimensions: t.dimensions, focusOptions: t.focusOptions, scripts: t.conversationScripts, minigames: t.minigames, paths: t.paths, levels: t.levels, exercises: t.pathExercises, categories: t.goalCategories }
  const result: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) result[name] = (await db.select({ n: count() }).from(table))[0]!.n
  return result
}

const database = await openTestDatabase()
afterAll(() => database.close())

const EXPECTED = { dimensions: 7, focusOptions: 6, scripts: 15, minigames: 12, paths: 4, levels: 4, exercises: 12, categories: 8 }

describe('migrations and reference content', () => {
  it('migrates and seeds a new PGlite data directory, and opening it again changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumin-db-'))
    const first = await openDatabase({ dataDir: dir })
    expect(await counts(first.db)).toEqual(EXPECTED)
    await first.close()
    const second = await openDatabase({ dataDir: dir })
    expect(await counts(second.db)).toEqual(EXPECTED)
    await second.close()
  }, 60_000)

  it('seeds the same content on the test database, idempotently', async () => {
    expect(await counts(database.db)).toEqual(EXPECTED)
    await seedContent(database.db)
    await seedContent(database.db)
    expect(await counts(database.db)).toEqual(EXPECTED)
  })

  it('has the four paths of docs/product.md#paths, each with level 1 and three exercises', async () => {
    const rows = await database.db
      .select({ title: t.paths.title, number: t.pathExercises.exerciseNumberInLevel, name: t.minigames.name, gameType: t.minigames.gameType })
      .from(t.paths)
      .innerJoin(t.levels, eq(t.levels.pathId, t.paths.id))
      .innerJoin(t.pathExercises, eq(t.pathExercises.levelId, t.levels.id))
      .innerJoin(t.minigames, eq(t.minigames.id, t.pathExercises.minigameId))
      .orderBy(t.paths.id, t.pathExercises.exerciseNumberInLevel)
    const byPath: Record<string, typeof rows> = {}
    for (const row of rows) (byPath[row.title] ??= []).push(row)
    expect(Object.keys(byPath).sort()).toEqual(['Calm', 'Connection', 'Energy', 'Mind'])
    expect(byPath.Mind!.map((r) => [r.name, r.gameType])).toEqual([['Focus Steps', 'focus'], ['Sensory Safari', 'sensory'], ['Still Mind', 'meditation']])
    expect(byPath.Energy!.map((r) => [r.name, r.gameType])).toEqual([['Step Quest', 'movement'], ['Flow', 'flow'], ['Energising Breath', 'breathing']])
    expect(byPath.Calm!.map((r) => [r.name, r.gameType])).toEqual([['Breathing Bubble', 'breathing'], ['Quiet Sit', 'meditation'], ['Sensory Safari', 'sensory']])
    expect(byPath.Connection!.map((r) => [r.name, r.gameType])).toEqual([['Kindness Quest', 'kindness'], ['Warm Breath', 'breathing'], ['Reach Out', 'kindness']])
    expect(new Set(rows.map((r) => r.gameType))).toEqual(new Set(GAME_TYPES))
  })

  it('has the eight goal categories with their Lucide icons', async () => {
    const rows = await database.db.select({ name: t.goalCategories.name, icon: t.goalCategories.iconName }).from(t.goalCategories).orderBy(t.goalCategories.name)
    expect(rows).toEqual([
      { name: 'Adventure & Travel', icon: 'MapPin' },
      { name: 'Creativity', icon: 'Palette' },
      { name: 'Health & Fitness', icon: 'Heart' },
      { name: 'Home & Family', icon: 'Home' },
      { name: 'Mind & Learning', icon: 'Brain' },
      { name: 'Money', icon: 'DollarSign' },
      { name: 'Purpose & Career', icon: 'Compass' },
      { name: 'Relationships', icon: 'Users' },
    ])
  })

  it('refuses rows that break the model’s rules', async () => {
    await expect(database.db.insert(t.user).values({ id: 'u1', name: 'a', email: 'a@example.com' })).resolves.toBeDefined()
    await expect(database.db.insert(t.profiles).values({ id: 'u1', selectedPath: sql`'Mind'` })).rejects.toThrow()
    await expect(database.db.insert(t.profiles).values({ id: 'u1', assessmentScore1: 101 })).rejects.toThrow()
    await expect(database.db.insert(t.profiles).values({ id: 'missing-user' })).rejects.toThrow()
    await database.db.insert(t.userAttributes).values({ userId: 'u1', attributeKey: 'intention', attributeValue: 'one' })
    await expect(database.db.insert(t.userAttributes).values({ userId: 'u1', attributeKey: 'intention', attributeValue: 'two' })).rejects.toThrow()
  })
})

describe('time zones', () => {
  it('knows every zone the API accepts, by the canonical name it is kept under', async () => {
    const accepted = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'US/Pacific-New', 'Canada/East-Saskatchewan', 'Europe/Kyiv'].map((zone) => timeZoneSchema.parse(zone)))]
    const { rows } = await database.execute('select name from pg_timezone_names')
    const known = new Set(rows.map((row) => (row as { name: string }).name))
    expect(accepted.filter((zone) => !known.has(zone))).toEqual([])
  })
})
