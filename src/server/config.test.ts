import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

const base = { DATA_DIR: '/tmp/lumin-config-test', AUTH_SECRET: 'x'.repeat(40) }

describe('configuration', () => {
  it('runs keyless on its embedded defaults', () => {
    const config = loadConfig(base)
    expect(config).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', production: false, databaseUrl: undefined, google: undefined })
    expect(config.olo.provider).toBe('offline')
    expect(config.tts.provider).toBe('browser')
    expect(config.olo.timeoutMs).toBe(30000)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://nope' }, 'DATABASE_URL'],
    [{ OLO_LLM_PROVIDER: 'gpt' }, 'OLO_LLM_PROVIDER'],
    [{ TTS_PROVIDER: 'robot' }, 'TTS_PROVIDER'],
    [{ APP_URL: 'lumin' }, 'APP_URL'],
    [{ OLO_LLM_TIMEOUT_MS: '-5' }, 'OLO_LLM_TIMEOUT_MS'],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ DATABASE_URL: 'postgres://db/lumin', MIGRATION_DATABASE_URL: 'mysql://nope' }, 'MIGRATION_DATABASE_URL'],
    [{ MIGRATION_DATABASE_URL: 'postgres://db/lumin' }, 'MIGRATION_DATABASE_URL'],
    [{ DATABASE_PREPARED_STATEMENTS: 'no' }, 'DATABASE_PREPARED_STATEMENTS'],
  ])('stops on %o with one line naming %s', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrowError(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`))
  })

  it('names prepared statements unless DATABASE_PREPARED_STATEMENTS is false', () => {
    expect(loadConfig(base).databasePreparedStatements).toBe(true)
    expect(loadConfig({ ...base, DATABASE_PREPARED_STATEMENTS: 'true' }).databasePreparedStatements).toBe(true)
    expect(loadConfig({ ...base, DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false)
  })

  it('requires AUTH_SECRET, APP_URL and SMTP_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR })).toThrowError(/AUTH_SECRET is required when NODE_ENV=production/)
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: base.AUTH_SECRET, SMTP_URL: 'smtp://mail' })).toThrowError(/APP_URL/)
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: base.AUTH_SECRET, APP_URL: 'https://lumin.example/', SMTP_URL: 'smtp://mail:25' })
    expect(config).toMatchObject({ production: true, appUrl: 'https://lumin.example' })
  })

  it('keeps a generated secret in DATA_DIR in local mode, the same across restarts', () => {
    const dir = `/tmp/lumin-secret-${process.pid}-${Date.now()}`
    const first = loadConfig({ DATA_DIR: dir }).authSecret
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first)
  })
})

describe('start-up', () => {
  async function start(env: Record<string, string>) {
    const { spawnSync } = await import('node:child_process')
    return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: '/tmp/lumin-config-test', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    })
  }

  it('stops with exit code 1 and one line naming the bad variable', async () => {
    const result = await start({ PORT: 'eighty' })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)])
  })

  const production = { NODE_ENV: 'production', AUTH_SECRET: base.AUTH_SECRET, APP_URL: 'https://lumin.example', SMTP_URL: 'smtp://mail:25' }
  it.each(['AUTH_SECRET', 'APP_URL', 'SMTP_URL'] as const)('refuses to run in production without %s', async (name) => {
    const { [name]: _missing, ...rest } = production
    const result = await start(rest)
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([`Invalid configuration: ${name} is required when NODE_ENV=production`])
  })
})
