import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DIMENSIONS, FOCUS_OPTIONS, type Dimension } from './dimensions'
import { authRouteFor, canContinue, pathFromAuthName, toggleRanked } from './onboarding'
import { onboardingSchema } from './onboarding-request'
import { PATH_FOR_DIMENSION, pathForChoices, whyThisPath } from './paths'
import { isOnboardingData } from './stored-onboarding'

describe('ranking by tapping', () => {
  it('adds a tapped dimension at the end of the order', () => {
    expect(toggleRanked(['heart'], 'mind')).toEqual(['heart', 'mind'])
  })

  it('removes a ranked dimension when tapped again, closing the gap', () => {
    expect(toggleRanked(['heart', 'mind', 'body'], 'mind')).toEqual(['heart', 'body'])
  })

  it('ranks at most seven', () => {
    const all: Dimension[] = ['mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit']
    expect(toggleRanked(all.slice(0, 6), 'spirit')).toHaveLength(7)
    expect(toggleRanked(all, 'spirit')).toEqual(all.slice(0, 6))
  })
})

describe('Continue', () => {
  it('is always enabled on the welcome and final steps', () => {
    expect(canContinue(0, [], null)).toBe(true)
    expect(canContinue(3, [], null)).toBe(true)
  })

  it('needs at least three ranked dimensions on the ranking step', () => {
    expect(canContinue(1, ['mind', 'body'], null)).toBe(false)
    expect(canContinue(1, ['mind', 'body', 'heart'], null)).toBe(true)
  })

  it('needs a focus on the focus step', () => {
    expect(canContinue(2, ['mind', 'body', 'heart'], null)).toBe(false)
    expect(canContinue(2, ['mind', 'body', 'heart'], 'peace')).toBe(true)
  })
})

describe('where onboarding leads', () => {
  it('goes to the sign-in screen of the top-ranked dimension, or mind', () => {
    expect(authRouteFor(['spirit', 'mind', 'body'], 'peace')).toBe('/auth/spirit')
    expect(authRouteFor([], null)).toBe('/auth/mind')
  })

  it('names the path the focus gives as initialPath when the dimension implies another', () => {
    expect(authRouteFor(['heart', 'mind', 'spirit'], 'peace')).toBe('/auth/heart?initialPath=calm')
    expect(authRouteFor(['spirit', 'mind', 'body'], 'clarity')).toBe('/auth/spirit?initialPath=mind')
    expect(authRouteFor(['body', 'mind', 'heart'], 'growth')).toBe('/auth/body')
    expect(authRouteFor(['purpose', 'body', 'heart'], 'purpose')).toBe('/auth/purpose')
  })

  it('offers the path that serves the focus: clarity → mind, energy → energy, peace → calm, connection → connection, else the top dimension’s', () => {
    const ranked = ['spirit', 'body', 'heart'] as const
    expect(FOCUS_OPTIONS.map((focus) => pathForChoices(ranked, focus))).toEqual(['mind', 'energy', 'calm', 'connection', 'calm', 'calm'])
    expect(pathForChoices(['growth', 'mind', 'heart'], 'purpose')).toBe('energy')
    expect(pathForChoices([], null)).toBe('mind')
  })

  it('says in one line why the path offered is this one, and nothing once the member chose another', () => {
    expect(whyThisPath('calm', 'peace', 'heart')).toBe('Because you chose Peace')
    expect(whyThisPath('energy', 'growth', 'body')).toBe('Because you chose Growth and ranked Body first')
    expect(whyThisPath('connection', 'peace', 'heart')).toBeNull()
    expect(whyThisPath('mind', 'growth', 'body')).toBeNull()
    expect(whyThisPath('mind', null, 'mind')).toBeNull()
  })

  it('maps Mind and Purpose to mind, Body and Growth to energy, Heart and Connection to connection, Spirit to calm', () => {
    expect(PATH_FOR_DIMENSION).toEqual({ mind: 'mind', purpose: 'mind', body: 'energy', growth: 'energy', heart: 'connection', connection: 'connection', spirit: 'calm' })
  })

  it('reads a path from the name in /auth/{pathName}, a dimension or a path, in any case', () => {
    expect(pathFromAuthName('heart')).toBe('connection')
    expect(pathFromAuthName('Spirit')).toBe('calm')
    expect(pathFromAuthName('energy')).toBe('energy')
    expect(pathFromAuthName('login')).toBeNull()
    expect(pathFromAuthName(null)).toBeNull()
  })
})

describe('onboarding kept on the device', () => {
  const dimension = fc.constantFrom<unknown>(...DIMENSIONS, 'soul', 'MIND', '', 3)
  const focus = fc.constantFrom<unknown>(...FOCUS_OPTIONS, 'calm', null)
  const completedAt = fc.oneof(
    fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom<unknown>('2026-11-22', '2026-11-22T10:00Z', '2026-11-22T10:00:00+01:00', '2026-13-40T10:00:00Z', '2026-02-30T10:00:00Z', '2026-11-22T24:00:00Z', 'yesterday', 0),
  )
  const kept = fc.oneof(
    fc.record({ rankedDimensions: fc.array(dimension, { maxLength: 9 }), selectedFocus: focus, completedAt }),
    fc.constantFrom<unknown>(null, 'mind', [], {}),
  )

  it('is read back by the same rules the server validates it with', () => {
    fc.assert(
      fc.property(kept, (value) => {
        expect(isOnboardingData(value)).toBe(onboardingSchema.safeParse(value).success)
      }),
      { numRuns: 2000 },
    )
  })
})
