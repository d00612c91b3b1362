// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AchievementCard } from './AchievementCard'
import type { Achievement } from '~/web/data/goals'
import { BadgeMoment } from './BadgeMoment'

afterEach(cleanup)

const achievement = (overrides: Partial<Achievement>): Achievement => ({
  id: 'a1',
  tier: 'Bronze',
  percentile: 100,
  cohort: 1,
  earnedAt: '2026-11-23T09:00:00.000Z',
  goal: { id: 'g1', title: 'Run 100 km', description: 'You want to run 100 km within 3 months' },
  imageUrl: '/api/goals/g1/badges/Bronze',
  ...overrides,
})

describe('an achievement’s percentile on its card and in the moment of earning it', () => {
  it('reads Top x.x% once 20 members had a goal in the category', () => {
    render(<AchievementCard achievement={achievement({ percentile: 4, cohort: 25 })} />)
    expect(screen.getByText('Top 4.0%')).toBeTruthy()
  })

  it('reads One of the first to earn it below 20 members, never Top 100.0%', () => {
    render(<AchievementCard achievement={achievement({ percentile: 100, cohort: 3 })} />)
    expect(screen.getByText('One of the first to earn it')).toBeTruthy()
    expect(screen.queryByText(/Top 100\.0%/)).toBeNull()
  })

  it('shows the highest tier earned large, its percentile, and closes on Escape', () => {
    const onClose = vi.fn()
    render(
      <BadgeMoment
        earned={[achievement({ tier: 'Silver', percentile: 12.5, cohort: 40 }), achievement({ id: 'a0', tier: 'Bronze', percentile: 30, cohort: 40 })]}
        onClose={onClose}
        onShowAchievements={() => {}}
      />,
    )
    const moment = screen.getByRole('dialog', { name: 'You earned Silver!' })
    expect(moment.textContent).toContain('Top 12.5%')
    expect(moment.textContent).toContain('Along with Bronze.')
    expect(screen.getByRole('img', { name: 'Silver badge for Run 100 km' })).toBeTruthy()
    expect(document.activeElement).toBe(moment)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledOnce()
  })
})
