import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { APIError } from 'better-auth/api'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import { AGE_CONFIRMATION, type EnterOutcome } from '~/core/auth'
import { LIMITS } from '~/core/limits'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { account as accountTable, rateLimits, session as sessionTable, user as userTable } from '../db/schema'
import { requestWithBody, sendError, validate } from '../http'
import { hitRateLimit, readRateLimit, secondsLeft } from '../rate-limit'
import { confirmationPageUrl, type Auth } from './auth'
import { mailRequester } from './mail'
import { confirmationSignsIn, isSignedUpHere, SIGNED_UP_HERE, signedUpHereValue, tokenEmail } from './signed-up-here'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY_MS = 24 * 60 * MINUTE

/**
 * The Better Auth endpoints Lumin's screens use. Every other one (update-user, change-password, list-sessions...)
 * answers 404: an endpoint nobody needs is one more to keep within Lumin's rules (docs/decisions/0012).
 */
const OPEN_ENDPOINTS: Record<string, readonly RegExp[]> = {
  POST: [/^\/sign-in\/email$/, /^\/sign-up\/email$/, /^\/sign-out$/, /^\/sign-in\/social$/, /^\/request-password-reset$/, /^\/reset-password$/],
  // The mailed reset link passes through here on its way to the reset screen; Google comes back to its callback.
  GET: [/^\/reset-password\/[^/]+$/, /^\/callback\/google$/, /^\/error$/],
}

/**
 * Endpoints whose work differs with whether the address has an account (a sign-up makes one, a reset writes a token):
 * in production each answers no sooner than this, so the time it takes tells a stranger nothing. Local mode listens on
 * loopback only, where nobody else can time it (docs/decisions/0012).
 */
const EVEN_ANSWER_MS: Record<string, number> = { '/sign-up/email': 400, '/request-password-reset': 200, '/enter': 600 }

/** Endpoints a stranger can call: each counts its requests per client address. */
const LIMITED_ENDPOINTS = new Set(['/sign-in/email', '/sign-up/email', '/sign-in/social', '/request-password-reset', '/reset-password', '/verify-email'])

/** Who is signed in: Better Auth's user, the fields the session reader reads with the session. */
export type SessionUser = Pick<Auth['$Infer']['Session']['user'], 'id' | 'email' | 'name'>
export interface AppEnv {
  Variables: { user: SessionUser }
}

/** The client's address: from the trusted proxy's header when one is configured, else the socket's. */
function clientIp(c: Context, config: Config): string {
  if (config.trustedIpHeader) {
    // The nearest proxy appends the address it saw last; what a client wrote before it can be forged.
    const value = c.req.header(config.trustedIpHeader)?.split(',').at(-1)?.trim()
    if (value) return value
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The client a request's limits count against: its address, or for IPv6 its /64, which one household or phone holds whole. */
export function clientKey(c: Context, config: Config): string {
  return addressKey(clientIp(c, config))
}

/** An IPv4 address as it is (also when written as IPv4-mapped IPv6); an IPv6 address as its /64 prefix. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`
}

/** /api/auth/*: Lumin's endpoints and limits in front of Better Auth's handler. */
export function authRoutes({ auth, db, config }: { auth: Auth; db: Db; config: Config }) {
  const limit: MiddlewareHandler = async (c, next) => {
    const endpoint = c.req.path.replace(/^\/api\/auth/, '')
    if (c.req.method !== 'POST' || !LIMITED_ENDPOINTS.has(endpoint)) return next()
    const hit = await hitRateLimit(db, `auth${endpoint}:client:${clientKey(c, config)}`, LIMITS.authRequestsPerClientPerMinute, MINUTE)
    if (!hit.allowed) {
      c.header('Retry-After', String(hit.retryAfter))
      return sendError(c, 'RATE_LIMITED')
    }
    return next()
  }

  /** Better Auth's handler, with the client known to what it does meanwhile (the mail caps). */
  const betterAuth = async (c: Context) => {
    const started = performance.now()
    const response = await mailRequester.run({ client: clientKey(c, config) }, async () => auth.handler(await requestWithBody(c)))
    const even = config.production ? EVEN_ANSWER_MS[c.req.path.replace(/^\/api\/auth/, '')] : undefined
    if (even) await new Promise((resolve) => setTimeout(resolve, even - (performance.now() - started)))
    return response
  }

  /**
   * The sign-in form's one request (docs/decisions/0002): sign-in, then sign-up, on the server, so a newcomer's
   * browser never sees the sign-in's 401. Both steps go through this app as requests of their own, with the caller's
   * headers, so every limit, time floor and field rule of the two endpoints applies to them unchanged.
   */
  const enter = async (c: Context, body: z.infer<typeof enterBody>) => {
    const started = performance.now()
    const { [AGE_CONFIRMATION.field]: ageConfirmed, ...login } = body
    const signIn = await replay(c, '/sign-in/email', login)
    if (signIn.status === 200) {
      for (const cookie of signIn.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true })
      return outcome(c, 'signed-in')
    }
    const refusal = await codeOf(signIn)
    if (signIn.status === 403 && refusal === 'EMAIL_NOT_VERIFIED') {
      // The right password: the mail sent again may sign its owner in here.
      markSignedUpHere(c, login.email)
      return outcome(c, 'email-not-confirmed')
    }
    if (signIn.status !== 401 || refusal !== 'INVALID_EMAIL_OR_PASSWORD') return signIn
    // From here on a member's address with a wrong password and a stranger's go the same way, and take as long.
    const even = async (answer: Response) => {
      if (config.production) await new Promise((resolve) => setTimeout(resolve, EVEN_ANSWER_MS['/enter']! - (performance.now() - started)))
      return answer
    }
    if (!ageConfirmed) return even(outcome(c, 'age-needed'))
    const [known] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, login.email.trim().toLowerCase())).limit(1)
    const signUp = await replay(c, '/sign-up/email', { ...login, [AGE_CONFIRMATION.field]: true })
    if (!signUp.ok) return even(signUp)
    // Only the browser whose sign-up made the account, with the password typed here, is signed in by its confirmation:
    // an address that had an account (perhaps one someone else made in its owner's name) gets a cookie that matches
    // nothing, so the answer looks the same either way.
    markSignedUpHere(c, known ? null : login.email)
    return even(outcome(c, 'check-inbox'))
  }

  /**
   * This browser sent a sign-up for `email`: its confirmation, pressed here, signs the member in (docs/decisions/0056).
   * With no address, a value of the same length that matches none.
   */
  const markSignedUpHere = (c: Context, email: string | null) =>
    setCookie(c, SIGNED_UP_HERE.cookie, email ? signedUpHereValue(config.authSecret, email) : randomBytes(32).toString('base64url'), {
      path: SIGNED_UP_HERE.path,
      httpOnly: true,
      sameSite: 'Lax',
      secure: config.production,
      maxAge: DAY_MS / 1000,
    })

  /**
   * The confirmation page's button. In the browser the sign-up came from, Better Auth's sign-in after verification
   * gives the member a session at once, the password they chose counts as one that signed them in, and the cookie
   * goes; anywhere else the address is confirmed and nobody is signed in.
   */
  const verifyEmail = async (c: Context, token: string) => {
    const email = tokenEmail(token)
    const here = isSignedUpHere(config.authSecret, email, getCookie(c, SIGNED_UP_HERE.cookie))
    let setCookies: string[]
    try {
      const { headers } = await confirmationSignsIn.run(here, () => auth.api.verifyEmail({ query: { token }, headers: c.req.raw.headers, returnHeaders: true }))
      setCookies = headers.getSetCookie()
    } catch (err) {
      if (!(err instanceof APIError)) throw err
      const body = refusalBody.safeParse(err.body).data
      return c.json({ code: body?.code ?? 'INVALID_TOKEN', message: body?.message ?? 'Invalid token' }, 400)
    }
    const { authCookies } = await auth.$context
    const signedIn = setCookies.some((cookie) => cookie.startsWith(`${authCookies.sessionToken.name}=`))
    for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true })
    if (signedIn && email) {
      deleteCookie(c, SIGNED_UP_HERE.cookie, { path: SIGNED_UP_HERE.path, secure: config.production })
      await markPasswordUsed(db, email.toLowerCase())
    }
    return c.json({ status: true, signedIn })
  }

  const routes = new Hono()
    .use('*', limit)
    .post('/enter', validate('json', enterBody), (c) => enter(c, c.req.valid('json')))
    .post('/sign-in/email', async (c) => {
      const client = clientKey(c, config)
      const email = emailOf(await c.req.json().catch(() => null))
      if (!email) return betterAuth(c)
      const throttle = await claimSignInAttempt(db, email, client)
      const failuresHere = await readRateLimit(db, `sign-in-failures:client:${client}`, HOUR)
      if (!throttle.allowed || failuresHere.count >= LIMITS.signInFailuresPerClientPerHour) {
        const retryAfter = throttle.allowed ? failuresHere.retryAfter : throttle.retryAfter
        c.header('Retry-After', String(retryAfter))
        return sendError(c, 'RATE_LIMITED', `Too many wrong passwords. Please wait ${waitText(retryAfter)} before trying again.`)
      }
      const response = await betterAuth(c)
      // 403 is a right password for an address not yet confirmed: the guess was no guess.
      if (response.status === 200 || response.status === 403) await signInSucceeded(db, email, client, response.status === 200)
      else if (response.status === 401) await hitRateLimit(db, `sign-in-failures:client:${client}`, LIMITS.signInFailuresPerClientPerHour, HOUR)
      return response
    })
    // A link mailed before confirmation moved to its page leads there now; a GET confirms nothing.
    .get('/verify-email', (c) => c.redirect(confirmationPageUrl(config.appUrl, c.req.query('token') ?? '', c.req.query('callbackURL') ?? null)))
    .post('/verify-email', validate('json', verifyEmailSchema), (c) => verifyEmail(c, c.req.valid('json').token))
    .on(['GET', 'POST'], '*', async (c) => {
      const endpoint = c.req.path.replace(/^\/api\/auth/, '')
      if (!OPEN_ENDPOINTS[c.req.method]?.some((open) => open.test(endpoint))) return sendError(c, 'NOT_FOUND', 'There is no such API route.')
      return betterAuth(c)
    })
  // The routes where the API mounts them, for the requests `enter` makes.
  const mounted = new Hono().route('/api/auth', routes)
  /** A POST to one of these endpoints as the caller would have sent it: their headers, cookies and connection. */
  function replay(c: Context, endpoint: string, body: object): Promise<Response> {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('content-length')
    headers.set('content-type', 'application/json')
    return Promise.resolve(mounted.fetch(new Request(new URL(`/api/auth${endpoint}`, c.req.url), { method: 'POST', headers, body: JSON.stringify(body) }), c.env))
  }
  return routes
}

/** What the sign-in form sends: what sign-in takes, and the age box, which a sign-up needs. */
const enterBody = z.strictObject(
  {
    email: z.string(),
    password: z.string(),
    callbackURL: z.string().optional(),
    [AGE_CONFIRMATION.field]: z.boolean().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')} can't be set at sign-in.` : undefined) },
)

const outcome = (c: Context, outcome: EnterOutcome) => c.json({ outcome })

/** An error answer's body in Better Auth's shape ({ code, message }) or Lumin's ({ error: { code } }). */
const refusalBody = z.object({ code: z.string().optional(), message: z.string().optional(), error: z.object({ code: z.string().optional() }).optional() })

/** The code of an error answer, in Better Auth's shape or Lumin's. */
async function codeOf(response: Response): Promise<string | undefined> {
  const body = refusalBody.safeParse(
    await response
      .clone()
      .json()
      .catch(() => null),
  ).data
  return body?.code ?? body?.error?.code
}

const verifyEmailSchema = z.object({ token: z.string().min(1).max(4096) })

function emailOf(body: unknown): string | null {
  return body && typeof body === 'object' && 'email' in body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : null
}

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60)
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`
}

/** The counter of wrong passwords for one address from one client: its count, and when the last one came. */
const signInFailuresKey = (email: string, client: string) => `sign-in:client:${client}:email:${email}`

/**
 * Takes one sign-in attempt for an address from a client, counting it as a failure until it succeeds, in one atomic
 * statement, so parallel guesses can't all slip through before the first is counted. Refused while the wait that the
 * failures so far call for has not passed: none for the first few, then a minute, doubling up to an hour.
 */
export async function claimSignInAttempt(db: Db, email: string, client: string, now = Date.now()): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const key = signInFailuresKey(email, client)
  const forgotten = new Date(now - DAY_MS)
  const wait = sql`(${rateLimits.count} >= ${LIMITS.signInFreeFailures} and ${rateLimits.windowStart} + make_interval(mins => least(${LIMITS.signInFirstWaitMinutes} * power(2, ${rateLimits.count} - ${LIMITS.signInFreeFailures})::int, ${LIMITS.signInLongestWaitMinutes})) > ${new Date(now)})`
  const [claimed] = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(now), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`case when ${rateLimits.windowStart} < ${forgotten} then 1 else ${rateLimits.count} + 1 end`, windowStart: new Date(now) },
      setWhere: sql`${rateLimits.windowStart} < ${forgotten} or not ${wait}`,
    })
    .returning({ count: rateLimits.count })
  if (claimed) return { allowed: true }
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
  const failures = row?.count ?? LIMITS.signInFreeFailures
  const waitMs = Math.min(LIMITS.signInFirstWaitMinutes * 2 ** (failures - LIMITS.signInFreeFailures), LIMITS.signInLongestWaitMinutes) * MINUTE
  return { allowed: false, retryAfter: secondsLeft(row?.windowStart ?? new Date(now), waitMs, now) }
}

/** The right password: its failures are forgiven, and a password that signed someone in is marked as used. */
async function signInSucceeded(db: Db, email: string, client: string, signedIn: boolean) {
  await db.delete(rateLimits).where(eq(rateLimits.key, signInFailuresKey(email, client)))
  if (signedIn) await markPasswordUsed(db, email)
}

/** A password that signed its member in is marked as used, once. */
async function markPasswordUsed(db: Db, email: string) {
  await db
    .update(accountTable)
    .set({ passwordSignedInAt: new Date() })
    .where(
      and(
        eq(accountTable.providerId, 'credential'),
        isNull(accountTable.passwordSignedInAt),
        inArray(accountTable.userId, db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email))),
      ),
    )
}

/**
 * The session a token names, with its user: one look-up on the unique token index. Prepared, so each pooled connection
 * parses and plans it once.
 */
export function sessionByToken(db: Db) {
  return db
    .select({
      id: sessionTable.id,
      expiresAt: sessionTable.expiresAt,
      createdAt: sessionTable.createdAt,
      user: { id: userTable.id, email: userTable.email, name: userTable.name },
    })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, sql.placeholder('token')))
}

/** Who a request is signed in as, or nobody, with the reason to give when a screen needs someone. */
export type SessionRead = { user: SessionUser } | { user: null; message?: string }

/**
 * Reads the request's session in one query (docs/decisions/0008): Better Auth's signed session cookie, its sliding
 * expiry and refresh, and the absolute lifetime, whatever the sliding expiry says. Nothing is cached in memory, so a
 * session that was signed out or deleted stops working at once on every instance.
 */
export function sessionReader({ auth, db }: { auth: Auth; db: Db }) {
  const findSession = sessionByToken(db).prepare('session_by_token')
  const settings = auth.$context.then(({ authCookies, secret, sessionConfig }) => ({
    cookie: authCookies.sessionToken,
    dontRemember: authCookies.dontRememberToken.name,
    secret,
    expiresInMs: sessionConfig.expiresIn * 1000,
    updateAgeMs: sessionConfig.updateAge * 1000,
  }))
  const nobody: SessionRead = { user: null }
  return async (c: Context): Promise<SessionRead> => {
    const { cookie, dontRemember, secret, expiresInMs, updateAgeMs } = await settings
    const signed = getCookie(c, cookie.name)
    const token = signed && verifiedToken(signed, secret)
    if (!signed || !token) return nobody
    const [found] = await findSession.execute({ token })
    if (!found) return nobody
    const now = Date.now()
    if (found.expiresAt.getTime() <= now) {
      await db.delete(sessionTable).where(eq(sessionTable.id, found.id))
      return nobody
    }
    if (now - found.createdAt.getTime() > LIMITS.sessionAbsoluteDays * DAY_MS) {
      await db.delete(sessionTable).where(eq(sessionTable.id, found.id))
      return { user: null, message: 'Your session has ended. Please sign in again.' }
    }
    // Better Auth's sliding expiry: at most once per updateAge, the session and its cookie get a full lifetime again,
    // unless the user asked not to be remembered (a browser-session cookie stays one).
    if (found.expiresAt.getTime() - expiresInMs + updateAgeMs <= now && !getCookie(c, dontRemember)) {
      const [refreshed] = await db
        .update(sessionTable)
        .set({ expiresAt: new Date(now + expiresInMs), updatedAt: new Date(now) })
        .where(eq(sessionTable.id, found.id))
        .returning({ id: sessionTable.id })
      if (!refreshed) return nobody
      const { path, domain, httpOnly, secure, sameSite } = cookie.attributes
      setCookie(c, cookie.name, signed, { path, domain, httpOnly, secure, sameSite, maxAge: expiresInMs / 1000 })
    }
    return { user: found.user }
  }
}

/** Signed-in users only: anyone else gets 401. */
export function requireUser(readSession: ReturnType<typeof sessionReader>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await readSession(c)
    if (!session.user) return sendError(c, 'UNAUTHORIZED', session.message)
    c.set('user', session.user)
    return next()
  }
}

/**
 * The session token from Better Auth's signed cookie value: the token, a dot, and the token's HMAC-SHA256 under the
 * auth secret in base64, as better-call signs it; null when the signature doesn't hold. Node's HMAC, not WebCrypto:
 * this runs on every request, and WebCrypto's key import and promises cost more than the hash.
 */
function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return null
  const token = signed.slice(0, dot)
  const given = Buffer.from(signed.slice(dot + 1))
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'))
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}
