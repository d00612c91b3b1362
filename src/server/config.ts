import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))

const url = (what: string) =>
  optional.pipe(
    z
      .url({ message: `must be a URL (${what})` })
      .optional(),
  )

const postgresUrl = optional.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
)

const envSchema = z
  .object({
    NODE_ENV: optional,
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: url('the public origin, e.g. https://lumin.example.com'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: postgresUrl,
    /** A direct connection for start-up's migration when DATABASE_URL goes through a transaction-mode pooler. */
    MIGRATION_DATABASE_URL: postgresUrl,
    /** `false` sends every query unnamed, for poolers that can't keep named prepared statements (README, Deploying). */
    DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optional.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
    MAIL_FROM: z.string().default('Lumin <no-reply@lumin.local>'),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    /** A header set by a trusted proxy that holds the client's address (e.g. x-real-ip); unset: the socket's address. */
    TRUSTED_IP_HEADER: optional.transform((v) => v?.toLowerCase()),
    OLO_LLM_PROVIDER: z.enum(['offline', 'mistral', 'openai-compatible']).default('offline'),
    OLO_LLM_BASE_URL: url('the model endpoint'),
    OLO_LLM_API_KEY: optional,
    OLO_LLM_MODEL: optional,
    OLO_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    OLO_HELPLINES: z
      .string()
      .default(
        'If you are in danger right now, call your local emergency number. In the US, call or text 988. In the UK and Ireland, call Samaritans on 116 123. Elsewhere, findahelpline.com lists free, confidential helplines.',
      ),
    TTS_PROVIDER: z.enum(['browser', 'elevenlabs', 'openai-compatible']).default('browser'),
    TTS_BASE_URL: url('the voice endpoint'),
    TTS_API_KEY: optional,
    TTS_VOICE_ID: optional,
    TTS_MODEL: optional,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const key of ['AUTH_SECRET', 'APP_URL', 'SMTP_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' })
      }
    }
    if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['MIGRATION_DATABASE_URL'], message: 'needs DATABASE_URL as well' })
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' })
    }
  })

export type Config = ReturnType<typeof buildConfig>

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`)
  }
  return buildConfig(parsed.data)
}

function buildConfig(env: z.infer<typeof envSchema>) {
  const production = env.NODE_ENV === 'production'
  const dataDir = resolve(env.DATA_DIR)
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  return {
    production,
    port: env.PORT,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    authSecret: env.AUTH_SECRET ?? (production ? '' : localSecret(dataDir)),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    trustedIpHeader: env.TRUSTED_IP_HEADER,
    olo: {
      provider: env.OLO_LLM_PROVIDER,
      baseUrl: env.OLO_LLM_BASE_URL,
      apiKey: env.OLO_LLM_API_KEY,
      model: env.OLO_LLM_MODEL,
      timeoutMs: env.OLO_LLM_TIMEOUT_MS,
      helplines: env.OLO_HELPLINES,
    },
    tts: {
      provider: env.TTS_PROVIDER,
      baseUrl: env.TTS_BASE_URL,
      apiKey: env.TTS_API_KEY,
      voiceId: env.TTS_VOICE_ID,
      model: env.TTS_MODEL,
    },
    logLevel: env.LOG_LEVEL,
  }
}

/** Local mode keeps a generated secret in DATA_DIR so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
