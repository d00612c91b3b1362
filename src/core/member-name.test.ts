import { describe, expect, it } from 'vitest'
import { greetingName } from './auth'
import { LIMITS } from './limits'
import { MEMBER_NAME_MESSAGES, memberNameSchema } from './member-name'

const problem = (name: unknown) => {
  const parsed = memberNameSchema.safeParse({ name })
  return parsed.success ? null : parsed.error.issues[0]!.message
}

describe('memberNameSchema', () => {
  it('keeps a name trimmed, in any script, up to the limit in characters people see', () => {
    expect(memberNameSchema.parse({ name: '  Zoë  ' })).toEqual({ name: 'Zoë' })
    expect(problem('李小龙')).toBeNull()
    expect(problem('🌿'.repeat(LIMITS.memberNameChars))).toBeNull()
  })

  it.each([
    ['', MEMBER_NAME_MESSAGES.missing],
    [' \t ', MEMBER_NAME_MESSAGES.missing],
    [null, MEMBER_NAME_MESSAGES.missing],
    ['a'.repeat(LIMITS.memberNameChars + 1), MEMBER_NAME_MESSAGES.tooLong],
    ['Sam\r\nRivers', MEMBER_NAME_MESSAGES.control],
    ['Sam\u0085', MEMBER_NAME_MESSAGES.control],
    ['\u2066Sam', MEMBER_NAME_MESSAGES.control],
  ])('refuses %j', (name, message) => {
    expect(problem(name)).toBe(message)
  })
})

describe('greetingName', () => {
  it("is the member's name, or their email's local part without one", () => {
    expect(greetingName({ email: 'sam.rivers@example.com', name: 'Sam' })).toBe('Sam')
    expect(greetingName({ email: 'sam.rivers@example.com', name: ' ' })).toBe('sam.rivers')
    expect(greetingName({ email: 'sam.rivers@example.com' })).toBe('sam.rivers')
  })
})
