import { readFileSync } from 'node:fs'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { AGE_CONFIRMATION, COMMON_PASSWORD_MESSAGE, emailLocalPart, passwordProblem } from '~/core/auth'
import { LIMITS } from '~/core/limits'
import type { Config } from '../config'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import type { Logger } from '../logger'
import { mails, type MailDelivery } from './mail'
import { confirmationSignsIn } from './signed-up-here'

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

/** The longest address a mail system carries (RFC 5321). */
const EMAIL_MAX = 254
/** What the greeting shows (docs/product.md#sign-in): the address's local part, at most 64 characters (RFC 5321). */
const NAME_MAX = 64

/**
 * What a sign-up may carry: the address, the password (checked before this), where the confirmation leads, and the age
 * confirmation. Anything else (an image, a verified flag, a role) is refused rather than stored.
 */
const signUpBody = z.strictObject({
  email: z.string().max(EMAIL_MAX, 'Please enter a valid email address.'),
  password: z.string(),
  name: z.string().optional(),
  callbackURL: z.string().max(500).optional(),
  rememberMe: z.boolean().optional(),
  [AGE_CONFIRMATION.field]: z.literal(true),
})

/**
 * What Better Auth warns of on every sign-in to an unknown address or with a wrong password: routine in Lumin, whose
 * screen tries a sign-in before each sign-up (docs/product.md#sign-in) and whose rate limiter counts the misses, so no
 * operator needs a warning for them.
 */
const ROUTINE_MISSES = new Set(['User not found', 'Password not found', 'Invalid password', 'Reset Password: User not found'])

export function createAuth({ config, db, mail, logger }: { config: Config; db: Db; mail: MailDelivery; logger: Logger }) {
  const url = (path: string) => `${config.appUrl}${path}`
  return betterAuth({
    appName: 'Lumin',
    logger: { log: (level, message) => logger[ROUTINE_MISSES.has(message) ? 'debug' : level](message) },
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
      sendResetPassword: async ({ user, url: resetUrl }) => mail.send({ to: user.email, ...mails.resetPassword(resetUrl) }),
      // An existing address looks like a new sign-up on screen; only its owner learns otherwise
      // (docs/product.md#sign-in).
      onExistingUserSignUp: async ({ user }) =>
        mail.send({
          to: user.email,
          ...mails.accountExists(url('/auth/login'), url(`/auth/forgot-password?email=${encodeURIComponent(user.email)}`)),
        }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // Only in the browser the sign-up came from (docs/decisions/0056): the route decides, Better Auth asks as it confirms.
      get autoSignInAfterVerification() {
        return confirmationSignsIn.getStore() === true
      },
      expiresIn: DAY,
      // The link opens a page whose button confirms: a mail scanner that follows every link confirms nothing.
      sendVerificationEmail: async ({ user, url: verifyUrl, token }) =>
        mail.send({ to: user.email, ...mails.verify(confirmationPageUrl(config.appUrl, token, new URL(verifyUrl).searchParams.get('callbackURL'))) }),
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
            // A new account needs the age confirmation, which the web sends as requestSignUp.
            disableImplicitSignUp: true,
          },
        }
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
          // The greeting name is the address's local part until the member sets one in Settings, whoever made the
          // account (Google sends its own display name): docs/product.md#sign-in.
          before: async (user) => ({ data: { ...user, name: emailLocalPart(user.email).slice(0, NAME_MAX) } }),
          // Every user has a profile from the moment the account exists.
          after: async (user) => {
            await db.insert(schema.profiles).values({ id: user.id }).onConflictDoNothing()
          },
        },
      },
      account: {
        create: {
          // Google linking to an account whose password never signed anyone in: whoever chose that password may not be
          // the owner (an account made in their name before they came), so it goes and the owner is told.
          after: async (linked) => {
            if (linked.providerId === 'credential') return
            const removed = await db
              .delete(schema.account)
              .where(and(eq(schema.account.userId, linked.userId), eq(schema.account.providerId, 'credential'), isNotNull(schema.account.password), isNull(schema.account.passwordSignedInAt)))
              .returning({ id: schema.account.id })
            if (!removed.length) return
            const [owner] = await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, linked.userId))
            if (owner) await mail.send({ to: owner.email, ...mails.passwordRemoved(url(`/auth/forgot-password?email=${encodeURIComponent(owner.email)}`)) })
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          if (ctx.body?.[AGE_CONFIRMATION.field] !== true) throw new APIError('BAD_REQUEST', { message: AGE_CONFIRMATION.missing, code: AGE_CONFIRMATION.code })
          const problem = passwordRejection(ctx.body?.password)
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_REJECTED' })
          const body = signUpBody.safeParse(ctx.body)
          if (!body.success) {
            const issue = body.error.issues[0]!
            const message = issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')} can't be set at sign-up.` : `${issue.path.join('.')}: ${issue.message}`
            throw new APIError('BAD_REQUEST', { message, code: 'INVALID_SIGN_UP' })
          }
          // The name is the address's local part whatever was sent: the greeting's, and never longer than mail allows.
          return { context: { ...ctx, body: { ...body.data, name: emailLocalPart(body.data.email).slice(0, NAME_MAX) } } }
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

/** The web's confirmation page for a mailed token; where it leads after, only when that is one of Lumin's sign-in screens. */
export function confirmationPageUrl(appUrl: string, token: string, callbackURL: string | null): string {
  const next = callbackURL?.startsWith('/auth/') ? callbackURL : '/auth/login?verified=1'
  return `${appUrl}/auth/verify?${new URLSearchParams({ token, callbackURL: next })}`
}
