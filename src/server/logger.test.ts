import { describe, expect, it } from 'vitest'
import { createLogger, readableLine, readableLines } from './logger'

describe('the readable log lines of local mode', () => {
  it('shows the message first, its fields after it, and the level only when it is past info', () => {
    const lines: string[] = []
    const logger = createLogger('info', readableLines({ write: (text: string) => lines.push(text) }))
    logger.info({ port: 3000, hosts: ['127.0.0.1', '::1'], database: 'pglite' }, 'Lumin is ready at http://localhost:3000')
    logger.warn({ code: 'EADDRNOTAVAIL' }, 'this address is not available here; skipped')
    logger.debug('not shown at info')

    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}Lumin is ready at http:\/\/localhost:3000 {2}\(port=3000 hosts=127\.0\.0\.1,::1 database=pglite\)\n$/)
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d {2}WARN this address is not available here; skipped {2}\(code=EADDRNOTAVAIL\)\n$/)
  })

  it('keeps what it cannot read as it came, and redacts as the JSON logger does', () => {
    expect(readableLine('not json\n')).toBe('not json')
    const lines: string[] = []
    createLogger('info', readableLines({ write: (text: string) => lines.push(text) })).info({ body: { password: 'secret' } }, 'signed up')
    expect(lines[0]).toContain('body={"password":"[Redacted]"}')
  })
})
