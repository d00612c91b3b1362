import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'
import { VOICE_PROVIDERS } from '~/core/olo'

/** The second readers Lumin speaks to (docs/decisions/0051-a-second-reader.md). */
const MODERATION_PROVIDERS = ['mistral', 'openai', 'llama-guard', 'off'] as const

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
    /** Where the server listens; unset: loopback only in local mode, every interface in production. */
    HOST: optional,
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
    /** Web Push's VAPID key pair (RFC 8292), base64url, as `npx web-push generate-vapid-keys` prints it. */
    VAPID_PUBLIC_KEY: optional.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)').optional()),
    VAPID_PRIVATE_KEY: optional.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)').optional()),
    /** Who push services may contact about Lumin's pushes: a mailto: or https: URL; APP_URL (if https) or MAIL_FROM when unset. */
    VAPID_SUBJECT: optional.pipe(z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').optional()),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    /**
     * The header a trusted proxy writes the client's address into (e.g. x-real-ip), or `none` when clients reach the
     * instance directly and the socket's address is theirs. Production must say which: a guess either way is a hole.
     */
    TRUSTED_IP_HEADER: optional.transform((v) => v?.toLowerCase()),
    OLO_LLM_PROVIDER: z.enum(['offline', 'mistral', 'openai-compatible']).default('offline'),
    OLO_LLM_BASE_URL: url('the model endpoint'),
    OLO_LLM_API_KEY: optional,
    OLO_LLM_MODEL: optional,
    OLO_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** Tokens this instance's members may spend on the model in 24 hours, all together: the operator's bill has a ceiling. */
    OLO_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(5_000_000),
    /**
     * Who reads every message a second time for a crisis (docs/decisions/0051-a-second-reader.md): unset follows the model
     * provider (Mistral's moderation, OpenAI's at api.openai.com, a safety model on another OpenAI-compatible server
     * when OLO_MODERATION_MODEL names one); `off` leaves the deterministic check alone.
     */
    OLO_MODERATION: optional.pipe(z.enum(MODERATION_PROVIDERS).optional()),
    OLO_MODERATION_BASE_URL: url('the moderation endpoint'),
    OLO_MODERATION_API_KEY: optional,
    OLO_MODERATION_MODEL: optional,
    /** The score, 0 to 1, at which a moderation endpoint's self-harm category counts as a crisis. */
    OLO_MODERATION_THRESHOLD: z.coerce.number().gt(0, 'must be above 0').max(1, 'must be at most 1').default(0.5),
    /** A member waits on the second reader before Olo answers or a save is answered: short, and never an error. */
    OLO_MODERATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2_000),
    /** Characters every member together may have the second reader read in 24 hours; past it the deterministic check reads alone. */
    OLO_MODERATION_DAILY_CHAR_BUDGET: z.coerce.number().int().min(0).default(5_000_000),
    /**
     * The help shown after a crisis message, as plain text, when the operator writes their own: it replaces the built-in
     * table of helplines by country (src/core/helplines.ts) on this instance (docs/decisions/0054).
     */
    OLO_HELPLINES: optional,
    TTS_PROVIDER: z.enum(VOICE_PROVIDERS).default('browser'),
    TTS_BASE_URL: url('the voice endpoint'),
    TTS_API_KEY: optional,
    TTS_VOICE_ID: optional,
    TTS_MODEL: optional,
    /** Characters the voice provider may be asked to read in a day, everyone together: what the operator pays for. */
    TTS_DAILY_CHAR_BUDGET: z.coerce.number().int().min(0).default(200_000),
    /** The most audio the speech cache keeps; past it the oldest recordings go. */
    TTS_CACHE_MAX_MB: z.coerce.number().int().min(1).default(256),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const key of ['AUTH_SECRET', 'APP_URL', 'SMTP_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' })
      }
      if (!env.TRUSTED_IP_HEADER) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUSTED_IP_HEADER'],
          message: "is required when NODE_ENV=production: the header your proxy writes the client's address into (e.g. x-real-ip), or none when clients reach Lumin directly",
        })
      }
    } else {
      // Local mode's dev outbox shows every sign-in and reset link: it must never be reachable from a network.
      if (env.APP_URL && URL.canParse(env.APP_URL) && !isLoopbackHost(new URL(env.APP_URL).hostname)) {
        ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: `must be a loopback origin (http://localhost:PORT) in local mode; ${SERVE_ON_A_NETWORK}` })
      }
      if (env.HOST && !isLoopbackHost(env.HOST) && !env.SMTP_URL) {
        ctx.addIssue({ code: 'custom', path: ['HOST'], message: `${env.HOST} is not loopback and local mode has no real mail; ${SERVE_ON_A_NETWORK}` })
      }
    }
    if (env.OLO_MODERATION === 'llama-guard' && !env.OLO_MODERATION_MODEL) {
      ctx.addIssue({ code: 'custom', path: ['OLO_MODERATION_MODEL'], message: 'is required with llama-guard: the safety model to ask, e.g. llama-guard3' })
    }
    if (env.OLO_MODERATION === 'llama-guard' && !env.OLO_MODERATION_BASE_URL && !(env.OLO_LLM_PROVIDER === 'openai-compatible' && env.OLO_LLM_BASE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['OLO_MODERATION_BASE_URL'], message: "is required with llama-guard unless OLO_LLM_BASE_URL is the safety model's OpenAI-compatible server" })
    }
    if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['MIGRATION_DATABASE_URL'], message: 'needs DATABASE_URL as well' })
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' })
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' })
    }
  })

const SERVE_ON_A_NETWORK = 'to serve Lumin on a network, set NODE_ENV=production with real mail (SMTP_URL)'

/** localhost, its subdomains (RFC 6761), 127.0.0.0/8 and ::1: names and addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '')
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name) || name === '::ffff:127.0.0.1'
}

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
    /** Local mode listens on both loopback addresses, as `localhost` may name either. */
    hosts: env.HOST ? [env.HOST] : production ? [] : ['127.0.0.1', '::1'],
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    authSecret: env.AUTH_SECRET ?? (production ? '' : localSecret(dataDir)),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    /** Web Push's keys: configured in production (no keys, no push), generated once and kept in DATA_DIR locally. */
    vapid: vapidKeys(env, production, dataDir, appUrl),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    trustedIpHeader: env.TRUSTED_IP_HEADER === 'none' ? undefined : env.TRUSTED_IP_HEADER,
    olo: {
      provider: env.OLO_LLM_PROVIDER,
      baseUrl: env.OLO_LLM_BASE_URL,
      apiKey: env.OLO_LLM_API_KEY,
      model: env.OLO_LLM_MODEL,
      timeoutMs: env.OLO_LLM_TIMEOUT_MS,
      dailyTokenBudget: env.OLO_DAILY_TOKEN_BUDGET,
      /** The operator's own help text, or null: the built-in table applies. */
      helplines: env.OLO_HELPLINES?.trim() || null,
      moderation: moderationOf(env),
    },
    tts: {
      provider: env.TTS_PROVIDER,
      baseUrl: env.TTS_BASE_URL,
      apiKey: env.TTS_API_KEY,
      voiceId: env.TTS_VOICE_ID,
      model: env.TTS_MODEL,
      dailyCharBudget: env.TTS_DAILY_CHAR_BUDGET,
      cacheMaxBytes: env.TTS_CACHE_MAX_MB * 1024 * 1024,
    },
    logLevel: env.LOG_LEVEL,
    /** How long a stopping instance lets its requests finish: the longest a chat reply may take, and time to store it. */
    shutdownGraceMs: env.OLO_LLM_TIMEOUT_MS + 5_000,
  }
}

/** The providers' own endpoints, where the model's and the moderation's base URLs default to. */
const MISTRAL_API = 'https://api.mistral.ai/v1'
const OPENAI_API = 'https://api.openai.com/v1'

/**
 * The second reader the environment asks for (docs/decisions/0051-a-second-reader.md). It follows the model provider
 * unless OLO_MODERATION says otherwise, and is given the model's key only when it asks the model's own host: a key is
 * never sent anywhere its owner didn't point it.
 */
function moderationOf(env: z.infer<typeof envSchema>) {
  const modelBaseUrl = env.OLO_LLM_BASE_URL ?? (env.OLO_LLM_PROVIDER === 'mistral' ? MISTRAL_API : OPENAI_API)
  const atOpenAi = env.OLO_LLM_PROVIDER === 'openai-compatible' && new URL(modelBaseUrl).hostname === new URL(OPENAI_API).hostname
  const provider =
    env.OLO_MODERATION ??
    (env.OLO_LLM_PROVIDER === 'mistral' ? 'mistral' : atOpenAi ? 'openai' : env.OLO_LLM_PROVIDER === 'openai-compatible' && env.OLO_MODERATION_MODEL ? 'llama-guard' : 'off')
  if (provider === 'off') return { provider } as const
  const ownBaseUrl = { mistral: env.OLO_LLM_PROVIDER === 'mistral' ? modelBaseUrl : MISTRAL_API, openai: OPENAI_API, 'llama-guard': env.OLO_LLM_BASE_URL }[provider]
  // llama-guard has one of the two (the superRefine above).
  const baseUrl = (env.OLO_MODERATION_BASE_URL ?? ownBaseUrl ?? '').replace(/\/$/, '')
  const sameHost = new URL(baseUrl).origin === new URL(modelBaseUrl).origin
  return {
    provider,
    baseUrl,
    apiKey: env.OLO_MODERATION_API_KEY ?? (sameHost ? env.OLO_LLM_API_KEY : undefined),
    // llama-guard always has its model named (the superRefine above).
    model: env.OLO_MODERATION_MODEL ?? (provider === 'mistral' ? 'mistral-moderation-latest' : 'omni-moderation-latest'),
    threshold: env.OLO_MODERATION_THRESHOLD,
    timeoutMs: env.OLO_MODERATION_TIMEOUT_MS,
    dailyCharBudget: env.OLO_MODERATION_DAILY_CHAR_BUDGET,
  } as const
}

function vapidKeys(env: z.infer<typeof envSchema>, production: boolean, dataDir: string, appUrl: string) {
  // Push services take an https: or a mailto: contact: the app's origin when it is https, else the sender's address.
  const subject = env.VAPID_SUBJECT ?? (appUrl.startsWith('https://') ? appUrl : `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}`)
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  return production ? undefined : { ...localVapidKeys(dataDir), subject }
}

const vapidFileSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })

/**
 * Local mode keeps a generated VAPID key pair in DATA_DIR, as it keeps AUTH_SECRET: a browser's subscription is made
 * for one public key, and new keys would silence every subscription.
 */
function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json')
  if (existsSync(file)) return vapidFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  mkdirSync(dataDir, { recursive: true })
  // Written aside and renamed into place: an instance starting at the same moment reads whole keys or none.
  const aside = `${file}.${process.pid}`
  writeFileSync(aside, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 })
  if (!existsSync(file)) renameSync(aside, file)
  else rmSync(aside)
  return vapidFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
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
