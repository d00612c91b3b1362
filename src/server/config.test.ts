import { spawn } from 'node:child_process'
import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { isLoopbackHost, loadConfig } from './config'

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

  it('requires AUTH_SECRET, APP_URL, SMTP_URL and TRUSTED_IP_HEADER in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR })).toThrowError(/AUTH_SECRET is required when NODE_ENV=production/)
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: base.AUTH_SECRET, SMTP_URL: 'smtp://mail', TRUSTED_IP_HEADER: 'none' })).toThrowError(/APP_URL/)
    const deployed = { NODE_ENV: 'production', AUTH_SECRET: base.AUTH_SECRET, APP_URL: 'https://lumin.example/', SMTP_URL: 'smtp://mail:25' }
    expect(() => loadConfig(deployed)).toThrowError(/^Invalid configuration: TRUSTED_IP_HEADER is required when NODE_ENV=production/)
    expect(loadConfig({ ...deployed, TRUSTED_IP_HEADER: 'X-Real-IP' })).toMatchObject({ production: true, appUrl: 'https://lumin.example', trustedIpHeader: 'x-real-ip', hosts: [] })
    // `none`: clients reach Lumin directly, so the socket's address is theirs.
    expect(loadConfig({ ...deployed, TRUSTED_IP_HEADER: 'none' })).toMatchObject({ trustedIpHeader: undefined })
  })

  it('listens on loopback only in local mode unless HOST says otherwise, and where HOST says in production', () => {
    expect(loadConfig(base).hosts).toEqual(['127.0.0.1', '::1'])
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).hosts).toEqual(['127.0.0.1'])
    expect(loadConfig({ ...base, HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25' }).hosts).toEqual(['0.0.0.0'])
    const deployed = { NODE_ENV: 'production', AUTH_SECRET: base.AUTH_SECRET, APP_URL: 'https://lumin.example', SMTP_URL: 'smtp://mail:25', TRUSTED_IP_HEADER: 'none' }
    expect(loadConfig({ ...deployed, HOST: '10.0.0.5' }).hosts).toEqual(['10.0.0.5'])
  })

  it.each([
    [{ APP_URL: 'https://lumin.example' }, /^Invalid configuration: APP_URL must be a loopback origin .* set NODE_ENV=production with real mail \(SMTP_URL\)$/],
    [{ APP_URL: 'http://192.168.1.20:3000' }, /^Invalid configuration: APP_URL must be a loopback origin/],
    [{ HOST: '0.0.0.0' }, /^Invalid configuration: HOST 0.0.0.0 is not loopback and local mode has no real mail; .* NODE_ENV=production/],
    [{ HOST: '::' }, /^Invalid configuration: HOST :: is not loopback/],
  ])('refuses local mode where the dev outbox could reach a network: %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrowError(message)
  })

  it.each(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])('takes %s for loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })

  it.each(['lumin.example', '0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'localhost.evil.example', '::ffff:10.0.0.1'])('does not take %s for loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })

  it('gives a stopping instance as long as a chat reply may take, and a little more', () => {
    expect(loadConfig(base).shutdownGraceMs).toBe(35_000)
    expect(loadConfig({ ...base, OLO_LLM_TIMEOUT_MS: '90000' }).shutdownGraceMs).toBe(95_000)
  })

  it('keeps a generated secret in DATA_DIR in local mode, the same across restarts', () => {
    const dir = `/tmp/lumin-secret-${process.pid}-${Date.now()}`
    const first = loadConfig({ DATA_DIR: dir }).authSecret
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first)
  })

  it('takes Web Push keys from configuration in production and keeps generated ones in DATA_DIR in local mode', () => {
    const dir = `/tmp/lumin-vapid-${process.pid}-${Date.now()}`
    const first = loadConfig({ DATA_DIR: dir }).vapid!
    expect(first).toEqual({ publicKey: expect.stringMatching(/^[\w-]{87}$/), privateKey: expect.stringMatching(/^[\w-]{43}$/), subject: 'mailto:no-reply@lumin.local' })
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first)

    const production = { ...base, NODE_ENV: 'production', APP_URL: 'https://lumin.example.com', SMTP_URL: 'smtp://mail:25', TRUSTED_IP_HEADER: 'none' }
    expect(loadConfig(production).vapid).toBeUndefined()
    const keys = { VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey }
    expect(loadConfig({ ...production, ...keys }).vapid).toEqual({ ...first, subject: 'https://lumin.example.com' })
    expect(loadConfig({ ...production, ...keys, VAPID_SUBJECT: 'mailto:care@lumin.example.com' }).vapid!.subject).toBe('mailto:care@lumin.example.com')
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: first.publicKey })).toThrowError('Invalid configuration: VAPID_PRIVATE_KEY VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together')
    expect(() => loadConfig({ ...production, ...keys, VAPID_PUBLIC_KEY: 'short' })).toThrowError(/VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/)
  })
})

describe('the second reader’s configuration', () => {
  const mistral = { ...base, OLO_LLM_PROVIDER: 'mistral', OLO_LLM_API_KEY: 'mistral-key' }
  const openAi = { ...base, OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_API_KEY: 'sk-model' }
  const ollama = { ...base, OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: 'http://localhost:11434/v1/', OLO_LLM_MODEL: 'llama3.1' }
  const moderation = (env: Record<string, string>) => loadConfig(env).olo.moderation

  it('follows the model provider: Mistral’s, OpenAI’s at api.openai.com, none offline or on another server', () => {
    expect(moderation(base)).toEqual({ provider: 'off' })
    expect(moderation(mistral)).toEqual({
      provider: 'mistral',
      baseUrl: 'https://api.mistral.ai/v1',
      apiKey: 'mistral-key',
      model: 'mistral-moderation-latest',
      threshold: 0.5,
      timeoutMs: 2_000,
      dailyCharBudget: 5_000_000,
    })
    expect(moderation(openAi)).toMatchObject({ provider: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-model', model: 'omni-moderation-latest' })
    expect(moderation(ollama)).toEqual({ provider: 'off' })
  })

  it('asks a safety model on the model’s own server when OLO_MODERATION_MODEL names one', () => {
    expect(moderation({ ...ollama, OLO_MODERATION_MODEL: 'llama-guard3' })).toMatchObject({ provider: 'llama-guard', baseUrl: 'http://localhost:11434/v1', model: 'llama-guard3' })
    expect(moderation({ ...ollama, OLO_MODERATION: 'llama-guard', OLO_MODERATION_MODEL: 'llama-guard3:1b', OLO_MODERATION_BASE_URL: 'http://guard:8000/v1' })).toMatchObject({
      baseUrl: 'http://guard:8000/v1',
      model: 'llama-guard3:1b',
    })
  })

  it('gives the model’s key only to the model’s own host', () => {
    expect(moderation({ ...mistral, OLO_LLM_BASE_URL: 'https://eu.proxy.example/v1' })).toMatchObject({ baseUrl: 'https://eu.proxy.example/v1', apiKey: 'mistral-key' })
    expect(moderation({ ...mistral, OLO_MODERATION_BASE_URL: 'https://moderation.example/v1' })).toMatchObject({ baseUrl: 'https://moderation.example/v1', apiKey: undefined })
    expect(moderation({ ...ollama, OLO_LLM_API_KEY: 'local-key', OLO_MODERATION: 'openai' })).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: undefined })
    expect(moderation({ ...ollama, OLO_MODERATION: 'openai', OLO_MODERATION_API_KEY: 'sk-moderation' })).toMatchObject({ apiKey: 'sk-moderation' })
  })

  it('is off whatever the model when OLO_MODERATION=off, and takes its threshold, time-out and budget', () => {
    expect(moderation({ ...mistral, OLO_MODERATION: 'off' })).toEqual({ provider: 'off' })
    expect(moderation({ ...mistral, OLO_MODERATION_THRESHOLD: '0.3', OLO_MODERATION_TIMEOUT_MS: '1500', OLO_MODERATION_DAILY_CHAR_BUDGET: '0' })).toMatchObject({ threshold: 0.3, timeoutMs: 1_500, dailyCharBudget: 0 })
  })

  it.each([
    [{ OLO_MODERATION: 'perspective' }, 'OLO_MODERATION'],
    [{ OLO_MODERATION_THRESHOLD: '0' }, 'OLO_MODERATION_THRESHOLD'],
    [{ OLO_MODERATION_THRESHOLD: '1.5' }, 'OLO_MODERATION_THRESHOLD'],
    [{ OLO_MODERATION_TIMEOUT_MS: '50' }, 'OLO_MODERATION_TIMEOUT_MS'],
    [{ OLO_MODERATION_BASE_URL: 'guard' }, 'OLO_MODERATION_BASE_URL'],
    [{ OLO_MODERATION: 'llama-guard', OLO_MODERATION_BASE_URL: 'http://guard:8000/v1' }, 'OLO_MODERATION_MODEL'],
    [{ OLO_MODERATION: 'llama-guard', OLO_MODERATION_MODEL: 'llama-guard3' }, 'OLO_MODERATION_BASE_URL'],
  ])('stops on %o with one line naming %s', (env, name) => {
    expect(() => loadConfig({ ...mistral, ...env })).toThrowError(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`))
  })
})

// Each test starts Lumin in a process of its own through tsx: seconds on an idle machine, far more on a busy one. The
// limits leave room for that; what is checked is how it stops or listens, never how fast.
describe('start-up', { timeout: 150_000 }, () => {
  async function start(env: Record<string, string>) {
    const { spawnSync } = await import('node:child_process')
    return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: '/tmp/lumin-config-test', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    })
  }

  it('stops with exit code 1 and one line naming the bad variable', async () => {
    const result = await start({ PORT: 'eighty' })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)])
  })

  const production = { NODE_ENV: 'production', AUTH_SECRET: base.AUTH_SECRET, APP_URL: 'https://lumin.example', SMTP_URL: 'smtp://mail:25', TRUSTED_IP_HEADER: 'x-real-ip' }
  it.each(['AUTH_SECRET', 'APP_URL', 'SMTP_URL'] as const)('refuses to run in production without %s', async (name) => {
    const { [name]: _missing, ...rest } = production
    const result = await start(rest)
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([`Invalid configuration: ${name} is required when NODE_ENV=production`])
  })

  it('refuses to run in production until TRUSTED_IP_HEADER says where the client address is', async () => {
    const { TRUSTED_IP_HEADER: _missing, ...rest } = production
    const result = await start(rest)
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: TRUSTED_IP_HEADER is required when NODE_ENV=production: .*none/)])
  })

  it.each([
    ['a public APP_URL', { APP_URL: 'https://lumin.example' }, 'APP_URL'],
    ['HOST on every interface without real mail', { HOST: '0.0.0.0' }, 'HOST'],
  ])('refuses local mode with %s, in one line saying what to do', async (_, env, name) => {
    const result = await start(env)
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Invalid configuration: ${name} .*set NODE_ENV=production with real mail \\(SMTP_URL\\)$`))])
  })

  it('listens on loopback only in local mode, and keeps DATA_DIR to itself while it runs', async () => {
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4')
    const port = 3300 + (process.pid % 500)
    const dataDir = `/tmp/lumin-listen-test-${process.pid}`
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    })
    try {
      await expect.poll(() => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0), { timeout: 120_000, interval: 200 }).toBe(200)
      expect((await fetch(`http://[::1]:${port}/api/health`).catch(() => null))?.status ?? 'no IPv6 here').toSatisfy((s) => s === 200 || s === 'no IPv6 here')
      if (outward) await expect(fetch(`http://${outward.address}:${port}/api/health`)).rejects.toThrow()
      // A second Lumin on the same PGlite files would corrupt them: it stops with one line instead.
      const second = await start({ DATA_DIR: dataDir, PORT: String(port + 1) })
      expect(second.status).toBe(1)
      expect(second.stderr.trim().split('\n')).toEqual([`Invalid configuration: DATA_DIR ${dataDir} is in use by another Lumin (process ${child.pid}); stop it first, or set DATABASE_URL`])
    } finally {
      child.kill('SIGTERM')
    }
  })
})
