import { describe, expect, it } from 'vitest'
import { GOAL_CATEGORIES } from '~/server/db/content'
import { DIMENSIONS, type Dimension } from './dimensions'
import { PATHS, type PathName } from './paths'
import {
  allZero,
  CATEGORY_SERVES,
  categoryServes,
  GOAL_CATEGORY_NAMES,
  type GoalCategoryName,
  isTimeZone,
  type OrbInput,
  orbScores,
  PATH_SERVES,
  timeZoneSchema,
  weekStartOf,
} from './weekly'

const nothing: OrbInput = { pathPractices: {}, tasksDone: {}, checkIns: {}, activeGoals: [] }

function scores(input: Partial<OrbInput>) {
  return orbScores({ ...nothing, ...input })
}

function zeroExcept(raised: Partial<Record<Dimension, number>>): Record<Dimension, number> {
  return { ...Object.fromEntries(DIMENSIONS.map((d) => [d, 0])), ...raised } as Record<Dimension, number>
}

// docs/product.md#orbs, written out per dimension so each orb's sources are visible here.
const SOURCES: Record<Dimension, { paths: PathName[]; category: GoalCategoryName[] }> = {
  mind: { paths: ['mind'], category: ['Mind & Learning'] },
  body: { paths: ['energy'], category: ['Health & Fitness'] },
  heart: { paths: ['calm', 'connection'], category: ['Home & Family'] },
  connection: { paths: ['connection'], category: ['Relationships'] },
  purpose: { paths: [], category: ['Money', 'Purpose & Career'] },
  growth: { paths: ['mind', 'energy'], category: ['Creativity'] },
  spirit: { paths: ['calm'], category: ['Adventure & Travel'] },
}

describe('orb scores', () => {
  it('are all zero for a new user, which the dashboard shows with a hint', () => {
    const result = orbScores(nothing)
    expect(result).toEqual(zeroExcept({}))
    expect(allZero(result)).toBe(true)
    expect(allZero(scores({ tasksDone: { spirit: 1 } }))).toBe(false)
  })

  describe.each(DIMENSIONS)('%s', (dimension) => {
    const { paths, category } = SOURCES[dimension]
    const otherPaths = PATHS.filter((p) => !paths.includes(p))
    const otherCategories = GOAL_CATEGORY_NAMES.filter((c) => !category.includes(c))
    const otherDimensions = DIMENSIONS.filter((d) => d !== dimension)

    it('rises by 10 per practice on each path serving it', () => {
      for (const path of paths) {
        expect(scores({ pathPractices: { [path]: 1 } })[dimension]).toBe(10)
        expect(scores({ pathPractices: { [path]: 3 } })[dimension]).toBe(30)
      }
      if (paths.length === 2) {
        expect(scores({ pathPractices: { [paths[0]!]: 1, [paths[1]!]: 2 } })[dimension]).toBe(30)
      }
    })

    it('rises by 20 per weekly task done for it', () => {
      expect(scores({ tasksDone: { [dimension]: 1 } })).toEqual(zeroExcept({ [dimension]: 20 }))
      expect(scores({ tasksDone: { [dimension]: 2 } })[dimension]).toBe(40)
    })

    it('rises by 5 per check-in tagged with it', () => {
      expect(scores({ checkIns: { [dimension]: 1 } })).toEqual(zeroExcept({ [dimension]: 5 }))
      expect(scores({ checkIns: { [dimension]: 4 } })[dimension]).toBe(20)
      expect(scores({ checkIns: { [dimension]: 28 } })[dimension]).toBe(100)
    })

    it('rises by half the progress of an active goal in a category serving it', () => {
      for (const c of category) {
        expect(scores({ activeGoals: [{ category: c, progress: 60 }] })).toEqual(zeroExcept({ [dimension]: 30 }))
      }
    })

    it('ignores practices on other paths, tasks for other dimensions and goals in other categories', () => {
      const unrelated = scores({
        pathPractices: Object.fromEntries(otherPaths.map((p) => [p, 5])),
        tasksDone: Object.fromEntries(otherDimensions.map((d) => [d, 5])),
        activeGoals: otherCategories.map((c) => ({ category: c, progress: 100 })),
      })
      expect(unrelated[dimension]).toBe(0)
    })
  })

  it('keeps the written-out sources in step with the exported maps', () => {
    for (const dimension of DIMENSIONS) {
      expect(PATHS.filter((p) => PATH_SERVES[p].includes(dimension))).toEqual(SOURCES[dimension].paths)
      expect(GOAL_CATEGORY_NAMES.filter((c) => CATEGORY_SERVES[c] === dimension)).toEqual(SOURCES[dimension].category)
    }
  })

  it('adds the three sources together', () => {
    const result = scores({
      pathPractices: { mind: 2 },
      tasksDone: { mind: 1 },
      activeGoals: [{ category: 'Mind & Learning', progress: 40 }],
    })
    expect(result).toEqual(zeroExcept({ mind: 20 + 20 + 20, growth: 20 }))
  })

  it('caps each orb at 100', () => {
    const result = scores({
      pathPractices: { calm: 7 },
      tasksDone: { heart: 3 },
      activeGoals: [{ category: 'Home & Family', progress: 90 }],
    })
    expect(result.heart).toBe(100)
    expect(result.spirit).toBe(70)
    expect(scores({ tasksDone: { purpose: 6 } }).purpose).toBe(100)
  })

  it('rounds half the progress to a whole number', () => {
    expect(scores({ activeGoals: [{ category: 'Money', progress: 45 }] }).purpose).toBe(23)
    expect(scores({ activeGoals: [{ category: 'Money', progress: 33.3 }] }).purpose).toBe(17)
    expect(scores({ activeGoals: [{ category: 'Money', progress: 1 }] }).purpose).toBe(1)
    expect(scores({ activeGoals: [{ category: 'Money', progress: 100 }] }).purpose).toBe(50)
  })

  it('counts only the furthest goal serving a dimension, not the sum', () => {
    const result = scores({
      activeGoals: [
        { category: 'Money', progress: 30 },
        { category: 'Purpose & Career', progress: 80 },
        { category: 'Money', progress: 50 },
      ],
    })
    expect(result).toEqual(zeroExcept({ purpose: 40 }))
  })

  it('ignores goals in categories it does not know, including names an object prototype would answer', () => {
    const result = scores({
      activeGoals: [
        { category: 'Gardening', progress: 100 },
        { category: 'health & fitness', progress: 100 },
        { category: 'constructor', progress: 100 },
        { category: 'toString', progress: 100 },
      ],
    })
    expect(result).toEqual(zeroExcept({}))
    expect(categoryServes('constructor')).toBeNull()
    expect(categoryServes('Creativity')).toBe('growth')
  })

  it('never goes below zero or past the goal on bad stored numbers', () => {
    const result = scores({
      pathPractices: { mind: -3 },
      tasksDone: { body: Number.NaN },
      activeGoals: [
        { category: 'Relationships', progress: -20 },
        { category: 'Creativity', progress: 250 },
      ],
    })
    expect(result).toEqual(zeroExcept({ growth: 50 }))
  })

  it('names the same categories the seed stores', () => {
    expect(GOAL_CATEGORIES.map((c) => c.name)).toEqual([...GOAL_CATEGORY_NAMES])
  })
})

describe('weekStartOf', () => {
  it('is the Monday of the week in the user zone', () => {
    // Wednesday 2024-05-15, midday in Berlin.
    expect(weekStartOf(new Date('2024-05-15T10:00:00Z'), 'Europe/Berlin')).toBe('2024-05-13')
  })

  it('puts Sunday 23:30 in New York and the same instant in Berlin (already Monday) in different weeks', () => {
    const instant = new Date('2024-01-15T04:30:00Z') // Sun 14 Jan 23:30 EST = Mon 15 Jan 05:30 CET
    expect(weekStartOf(instant, 'America/New_York')).toBe('2024-01-08')
    expect(weekStartOf(instant, 'Europe/Berlin')).toBe('2024-01-15')
  })

  it('starts the new week at local midnight on Monday', () => {
    // Mon 15 Jan 00:10 in New York; 23:59 the evening before is still last week.
    expect(weekStartOf(new Date('2024-01-15T05:10:00Z'), 'America/New_York')).toBe('2024-01-15')
    expect(weekStartOf(new Date('2024-01-15T04:59:00Z'), 'America/New_York')).toBe('2024-01-08')
    // A Monday maps to itself all day long.
    expect(weekStartOf(new Date('2024-01-16T04:59:00Z'), 'America/New_York')).toBe('2024-01-15')
  })

  it('follows the zone offset across a spring-forward change', () => {
    // New York moved to EDT (UTC−4) on Sun 10 Mar 2024. 04:30Z on the 11th is Mon 00:30 EDT;
    // with the winter offset it would still have been Sunday.
    expect(weekStartOf(new Date('2024-03-11T04:30:00Z'), 'America/New_York')).toBe('2024-03-11')
    expect(weekStartOf(new Date('2024-03-11T03:30:00Z'), 'America/New_York')).toBe('2024-03-04')
  })

  it('follows the zone offset across a fall-back change', () => {
    // Berlin moved to CET (UTC+1) on Sun 27 Oct 2024. 22:30Z is Sun 23:30 CET; with the summer
    // offset it would already have been Monday.
    expect(weekStartOf(new Date('2024-10-27T22:30:00Z'), 'Europe/Berlin')).toBe('2024-10-21')
    expect(weekStartOf(new Date('2024-10-27T23:10:00Z'), 'Europe/Berlin')).toBe('2024-10-28')
  })

  it('reaches back across a year boundary', () => {
    // Wed 1 Jan 2025 belongs to the week starting Mon 30 Dec 2024.
    expect(weekStartOf(new Date('2025-01-01T12:00:00Z'), 'UTC')).toBe('2024-12-30')
    // New Year's first minutes in Tokyo are a Monday, while in UTC it is still Sunday of the old week.
    const instant = new Date('2023-12-31T15:30:00Z')
    expect(weekStartOf(instant, 'Asia/Tokyo')).toBe('2024-01-01')
    expect(weekStartOf(instant, 'UTC')).toBe('2023-12-25')
  })

  it('reaches back across a leap day', () => {
    expect(weekStartOf(new Date('2024-03-03T12:00:00Z'), 'UTC')).toBe('2024-02-26')
  })

  it('copes with a zone that skipped a calendar day', () => {
    // Samoa jumped from Thu 29 Dec 2011 to Sat 31 Dec 2011; that Saturday is still in the week of Mon 26 Dec.
    expect(weekStartOf(new Date('2011-12-30T10:00:00Z'), 'Pacific/Apia')).toBe('2011-12-26')
  })

  it('does not depend on the host zone', () => {
    const instant = new Date('2024-01-15T04:30:00Z')
    expect(weekStartOf(instant, 'Pacific/Kiritimati')).toBe('2024-01-15') // UTC+14: Mon 18:30
    expect(weekStartOf(instant, 'Pacific/Pago_Pago')).toBe('2024-01-08') // UTC−11: Sun 17:30
  })

  it('refuses an unknown zone or an invalid date', () => {
    expect(() => weekStartOf(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError)
    expect(() => weekStartOf(new Date(Number.NaN), 'UTC')).toThrow(RangeError)
  })
})

describe('time zones', () => {
  it('accepts the IANA names a browser sends', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'UTC']) {
      expect(isTimeZone(zone)).toBe(true)
    }
  })

  it('rejects names Intl does not know', () => {
    for (const zone of ['', 'Mars/Olympus_Mons', 'Berlin', 'not a zone', 'Europe/Berlin/Mitte']) {
      expect(isTimeZone(zone)).toBe(false)
    }
  })

  it('validates request input with a clear message', () => {
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin')
    const unknown = timeZoneSchema.safeParse('Mars/Olympus_Mons')
    expect(unknown.success).toBe(false)
    expect(unknown.error?.issues[0]?.message).toBe('Unknown time zone.')
    expect(timeZoneSchema.safeParse('').success).toBe(false)
    expect(timeZoneSchema.safeParse(`Europe/${'x'.repeat(64)}`).success).toBe(false)
    expect(timeZoneSchema.safeParse(42).success).toBe(false)
  })
})
