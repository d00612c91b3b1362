import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_MESSAGE } from '~/core/auth'
import { passwordRejection } from './auth'

describe('the bundled common-password list', () => {
  it.each(['password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine'])('refuses %s', (password) => {
    expect(passwordRejection(password)).toBe(COMMON_PASSWORD_MESSAGE)
  })

  it.each(['quiet-morning-walks', 'Tea at 4 with Grandma', 'correct horse battery staple 9'])('accepts %s', (password) => {
    expect(passwordRejection(password)).toBeNull()
  })

  it('checks the length first, and refuses what is not text', () => {
    expect(passwordRejection('abc')).toMatch(/at least 8/)
    expect(passwordRejection(12345678)).toBe('Please enter a password.')
  })
})
