import { describe, expect, it } from 'vitest'
import { emailLocalPart, passwordProblem } from './auth'

describe('email local part', () => {
  it('is what comes before the @', () => {
    expect(emailLocalPart('anna.lind@example.com')).toBe('anna.lind')
    expect(emailLocalPart('weird@name@example.com')).toBe('weird')
  })

  it('is the whole text when there is no local part', () => {
    expect(emailLocalPart('nobody')).toBe('nobody')
    expect(emailLocalPart('@example.com')).toBe('@example.com')
  })
})

describe('password rules', () => {
  it('accepts 8 to 128 characters', () => {
    expect(passwordProblem('x'.repeat(8))).toBeNull()
    expect(passwordProblem('x'.repeat(128))).toBeNull()
  })

  it('says why a password is too short or too long', () => {
    expect(passwordProblem('x'.repeat(7))).toBe('Your password needs at least 8 characters.')
    expect(passwordProblem('x'.repeat(129))).toBe('Your password can have at most 128 characters.')
  })
})
