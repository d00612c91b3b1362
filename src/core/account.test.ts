import { describe, expect, it } from 'vitest'
import { confirmsDeletion, deleteAccountSchema, exportFileName } from './account'

describe('confirming an account’s deletion', () => {
  it('takes the account’s address whatever its case and surrounding spaces, and nothing else', () => {
    expect(confirmsDeletion('  Ada@Example.com ', 'ada@example.com')).toBe(true)
    expect(confirmsDeletion('ada@example.org', 'ada@example.com')).toBe(false)
    expect(confirmsDeletion('ada', 'ada@example.com')).toBe(false)
    expect(confirmsDeletion('', 'ada@example.com')).toBe(false)
  })

  it('needs something typed, as text', () => {
    expect(deleteAccountSchema.safeParse({ confirmEmail: ' ada@example.com ' }).data).toEqual({ confirmEmail: 'ada@example.com' })
    for (const body of [{}, { confirmEmail: '   ' }, { confirmEmail: 42 }, { confirmEmail: `${'a'.repeat(250)}@example.com` }]) {
      expect(deleteAccountSchema.safeParse(body).success).toBe(false)
    }
  })
})

describe('the export’s file name', () => {
  it('is dated by the export’s UTC day', () => {
    expect(exportFileName(new Date('2026-03-14T23:30:00-05:00'))).toBe('lumin-data-2026-03-15.json')
  })
})
