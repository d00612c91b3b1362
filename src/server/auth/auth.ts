import { readFileSync } from 'node:fs'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { COMMON_PASSWORD_MESSAGE, emailLocalPart, passwordProblem } from '~/core/auth'
import { LIMITS } from '~/core/limits'
import type { Config } from '../config'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import type { Logger } from '../logger'
import { mails, type Mailer } from './mail'

const DAY = 24 * 60 * 60

const commonPasswords = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
)

/** Length rules, then the bundled list of common passwords; null when the password may be used. */
export function passwordRejection(password: unknown): string | null {
  if (typeof password !== 'string') return 'Please enter a password.'
  return passwordProblem(password) ?? (commonPasswords.has(password.toLowerCase()) ? COMMON_PASSWORD_MESSAGE : null)
}

export function createAuth({ config, db, mailer, logger }: { config: Config; db: Db; mailer: Mailer; logger: Logger }) {
  const url = (path: string) => `${config.appUrl}${path}`
  return betterAuth({
    appName: 'Lumin',
    logger: { log: (level, message) => logger[level](message) },
    baseURL: url('/api/auth'),
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url: resetUrl }) => mailer.send({ to: user.email, ...mails.resetPassword(resetUrl) }),
      // DESIGN §7: an existing address looks like a new sign-up on screen; only its owner learns otherwise.
      onExistingUserSignUp: async ({ user }) =>
        mailer.send({
          to: user.email,
          ...mails.accountExists(url('/auth/login'), url(`/auth/forgot-password?email=${encodeURIComponent(user.email)}`)),
        }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url: verifyUrl }) => mailer.send({ to: user.email, ...mails.verify(verifyUrl) }),
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'select_account' } }
      : {},
    session: {
      expiresIn: LIMITS.sessionSlidingDays * DAY,
      updateAge: DAY,
    },
    // An unexpected error reaches Lumin's error handler (a 503 when the database is away, a log without the query's
    // values) instead of being printed whole to the console.
    onAPIError: { throw: true },
    // Lumin's own limiter (rate-limit.ts) guards the auth endpoints atomically in Postgres.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.production },
      ipAddress: { ipAddressHeaders: config.trustedIpHeader ? [config.trustedIpHeader] : [], disableIpTracking: !config.trustedIpHeader },
    },
    databaseHooks: {
      user: {
        create: {
          // Every user has a profile from the moment the account exists.
          after: async (user) => {
            await db.insert(schema.profiles).values({ id: user.id }).onConflictDoNothing()
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const problem = passwordRejection(ctx.body?.password)
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_REJECTED' })
          if (typeof ctx.body?.email === 'string' && !ctx.body.name) {
            return { context: { ...ctx, body: { ...ctx.body, name: emailLocalPart(ctx.body.email) } } }
          }
        }
        if (ctx.path === '/reset-password') {
          const problem = passwordRejection(ctx.body?.newPassword)
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_REJECTED' })
        }
      }),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
