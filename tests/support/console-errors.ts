import { format } from 'node:util'
import { afterEach } from 'vitest'

/**
 * An unexpected console.error fails the test that printed it (docs/decisions/0025): React's warnings, a render that
 * threw, a failure nobody handled. It is still printed, to read. A test that expects one spies on it
 * (`vi.spyOn(console, 'error').mockImplementation(…)`), says why, and checks what it was told.
 */
const unexpected: string[] = []
const print = console.error.bind(console)

console.error = (...args: unknown[]) => {
  unexpected.push(format(...args))
  print(...args)
}

afterEach(() => {
  const printed = unexpected.splice(0)
  if (printed.length) throw new Error(`console.error was called during the test:\n${printed.join('\n')}`)
})
