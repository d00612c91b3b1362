import { sql } from 'drizzle-orm'
import { DIMENSIONS, DIMENSION_INFO, FOCUS_INFO, FOCUS_OPTIONS } from '~/core/dimensions'
import type { Tx } from './client'
import { GOAL_CATEGORIES, MINIGAMES, PATH_CONTENT } from './content'
import * as t from './schema'

/**
 * Writes the reference content in the caller's transaction, after Olo's scripts (`scripts`: their ids by key), which the
 * minigames name. Run at every start, it updates in place and never duplicates.
 */
export async function seedReferenceContent(tx: Tx, scripts: { id: number; key: string }[]): Promise<void> {
  await tx
    .insert(t.dimensions)
    .values(DIMENSIONS.map((id, i) => ({ id, label: DIMENSION_INFO[id].label, description: DIMENSION_INFO[id].description, sortOrder: i })))
    .onConflictDoUpdate({ target: t.dimensions.id, set: { label: sql`excluded.label`, description: sql`excluded.description`, sortOrder: sql`excluded.sort_order` } })

  await tx
    .insert(t.focusOptions)
    .values(FOCUS_OPTIONS.map((id, i) => ({ id, label: FOCUS_INFO[id].label, description: FOCUS_INFO[id].description, sortOrder: i })))
    .onConflictDoUpdate({ target: t.focusOptions.id, set: { label: sql`excluded.label`, description: sql`excluded.description`, sortOrder: sql`excluded.sort_order` } })

  const scriptId = idsByKey(scripts)

  const minigames = await tx
    .insert(t.minigames)
    .values(MINIGAMES.map((m) => ({ key: m.key, name: m.name, description: m.description, gameType: m.gameType, defaultScriptId: scriptId(m.scriptKey) })))
    .onConflictDoUpdate({
      target: t.minigames.key,
      set: { name: sql`excluded.name`, description: sql`excluded.description`, gameType: sql`excluded.game_type`, defaultScriptId: sql`excluded.default_script_id` },
    })
    .returning({ id: t.minigames.id, key: t.minigames.key })
  const minigameId = idsByKey(minigames)

  for (const path of PATH_CONTENT) {
    const [row] = await tx
      .insert(t.paths)
      .values({ key: path.key, title: path.title, description: path.description })
      .onConflictDoUpdate({ target: t.paths.key, set: { title: sql`excluded.title`, description: sql`excluded.description` } })
      .returning({ id: t.paths.id })
    const [level] = await tx
      .insert(t.levels)
      .values({ pathId: row!.id, levelNumber: 1 })
      .onConflictDoUpdate({ target: [t.levels.pathId, t.levels.levelNumber], set: { levelNumber: sql`excluded.level_number` } })
      .returning({ id: t.levels.id })
    await tx
      .insert(t.pathExercises)
      .values(path.exercises.map((e) => ({ levelId: level!.id, exerciseNumberInLevel: e.number, minigameId: minigameId(e.minigameKey) })))
      .onConflictDoUpdate({
        target: [t.pathExercises.levelId, t.pathExercises.exerciseNumberInLevel],
        set: { minigameId: sql`excluded.minigame_id` },
      })
  }

  await tx
    .insert(t.goalCategories)
    .values([...GOAL_CATEGORIES])
    .onConflictDoUpdate({ target: t.goalCategories.name, set: { iconName: sql`excluded.icon_name`, description: sql`excluded.description` } })
}

function idsByKey(rows: { id: number; key: string }[]) {
  const map = new Map(rows.map((r) => [r.key, r.id]))
  return (key: string) => {
    const id = map.get(key)
    if (id === undefined) throw new Error(`Content refers to an unknown key: ${key}`)
    return id
  }
}
