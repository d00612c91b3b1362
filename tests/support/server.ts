import { afterAll } from 'vitest'
import { createApp, type AppDeps } from '~/server/app'
import type { SessionUser } from '~/server/auth/routes'
import { firstLink, type Mail, type Mailer } from '~/server/auth/mail'
import { loadConfig } from '~/server/config'
import type { Database } from '~/server/db/client'
import { createLogger, type Logger } from '~/server/logger'
import { CookieJar } from './cookie-jar'
import { createMember } from './factories'
import { openTestDatabase } from './database'
import { apiClient } from './test-client'

/** Local mode serves only a loopback origin (docs/decisions/0012). */
export const APP_URL = 'http://localhost:3000'

/** The configuration every test server has, with `env` on top. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({ DATA_DIR: '/tmp/lumin-test-unused', AUTH_SECRET: 'test-secret-test-secret-test-secret-42', APP_URL, LOG_LEVEL: 'silent', TRUSTED_IP_HEADER: 'x-real-ip', ...env })
}

export interface TestServerOptions {
  logger?: Logger
  /** The time as reminders see it (docs/decisions/0043); the real time unless a test moves it. */
  clock?: () => Date
  /** Another instance's database, shared as instances share one PostgreSQL; by default, one of this server's own. */
  database?: Database
  /** Mail leaves through SMTP_URL as in production, instead of being captured in `mails`. */
  smtp?: boolean
  /** The resolver and time limit of requests to member-given addresses (docs/decisions/0059); the system's and 5 s by default. */
  outgoing?: AppDeps['outgoing']
}

/** The app on a database of this file's own, with mail captured instead of sent. */
export async function createTestServer(env: Record<string, string> = {}, { logger = createLogger('silent'), clock, database: shared, smtp = false, outgoing }: TestServerOptions = {}) {
  const database = shared ?? (await openTestDatabase())
  const config = testConfig(env)
  const mails: (Mail & { link: string | null })[] = []
  const mailer: Mailer | undefined = smtp
    ? undefined
    : {
        outbox: null,
        send: async (mail) => void mails.push({ ...mail, link: firstLink(mail.text) }),
      }
  const app = createApp({ config, database, logger, mailer, clock, outgoing })
  // A test may have closed it already to see the server without its database; a shared one is closed by its opener.
  if (!shared) afterAll(() => database.close().catch(() => undefined))
  let clients = 0
  const client = (ip = `203.0.113.${++clients % 250}`) => new TestClient(app, ip, config.appUrl)

  /** Waits until the mail queue has nothing left to send: mail leaves after the answer, never in the request. */
  async function mailSettled() {
    const deadline = Date.now() + 10_000
    for (;;) {
      const { rows } = await database.execute(`select count(*)::int as pending from pgboss.job where name = 'mail' and state < 'completed'`)
      if ((rows[0] as { pending: number }).pending === 0) return
      if (Date.now() > deadline) throw new Error('the mail queue did not settle in 10 s')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  /** The newest mail to `to`, once the queue has sent what it holds. */
  async function lastMailTo(to: string) {
    await mailSettled()
    const mail = mails.filter((m) => m.to === to).at(-1)
    if (!mail) throw new Error(`no mail to ${to}`)
    return mail
  }

  /** Follows a mailed link the way a browser would, returning where it redirects to. */
  async function follow(visitor: TestClient, link: string) {
    const url = new URL(link)
    if (url.origin !== config.appUrl) throw new Error(`a mailed link leaves the app: ${link}`)
    const response = await visitor.request(url.pathname + url.search)
    return { status: response.status, location: response.headers.get('location') }
  }

  /** Opens a mailed confirmation link and presses its page's button, as a newcomer does. */
  async function confirm(visitor: TestClient, link: string) {
    const url = new URL(link)
    if (url.origin !== config.appUrl || url.pathname !== '/auth/verify') throw new Error(`not a confirmation link: ${link}`)
    return visitor.post('/api/auth/verify-email', { token: url.searchParams.get('token') })
  }

  /** Signs up and confirms through the mailed link, as a newcomer would. */
  async function signUpConfirmed(visitor: TestClient, email: string, password = TEST_PASSWORD) {
    const response = await visitor.post('/api/auth/sign-up/email', { email, password, callbackURL: '/auth/mind?verified=1', ageConfirmed: true })
    if (response.status !== 200) throw new Error(`sign-up failed with ${response.status}`)
    const confirmed = await confirm(visitor, (await lastMailTo(email)).link!)
    if (confirmed.status !== 200) throw new Error(`confirmation failed with ${confirmed.status}`)
  }

  /**
   * A confirmed member, signed in on a client of their own: made by the member factory, straight into the database with
   * no mail (docs/decisions/0029); their password (TEST_PASSWORD) signs in like any other. Tests of sign-up,
   * confirmation and sign-in themselves go through `signUpConfirmed` and the sign-in endpoint instead.
   */
  async function signedInClient(label = 'member') {
    const ip = `198.18.${Math.floor(++clients / 250)}.${clients % 250}`
    const visitor = client(ip)
    const member = await createMember(database.db, {
      email: `${label}${clients}@example.com`,
      password: TEST_PASSWORD,
      ipAddress: ip,
      production: config.production,
      authSecret: config.authSecret,
    })
    // The cookie the sign-in would have set, kept the way the client keeps any Set-Cookie.
    visitor.cookies.keep(new Response(null, { headers: { 'set-cookie': `${member.session!.name}=${member.session!.value}; Path=/; HttpOnly; SameSite=Lax` } }))
    return { client: visitor, email: member.email }
  }

  return { app, database, mails, config, client, mailSettled, lastMailTo, follow, confirm, signUpConfirmed, signedInClient }
}

export const TEST_PASSWORD = 'quiet-morning-walks'

type App = ReturnType<typeof createApp>

/** A browser stand-in: keeps cookies, sends the app's origin, and comes from one client address. */
export class TestClient {
  /** What the server has set, as a browser keeps it; a test may copy it to replay a session. */
  readonly cookies = new CookieJar()
  /** The API as the web calls it, typed by its routes, through this visitor's `request`. */
  readonly api = apiClient((path, init) => this.request(path, init))
  constructor(
    readonly app: App,
    private readonly ip: string,
    private readonly origin: string = APP_URL,
  ) {}

  /** A header given as undefined is left out, like a caller that is no browser leaves out Origin. */
  async request(path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string | undefined>; signal?: AbortSignal } = {}) {
    const given: Record<string, string | undefined> = { origin: this.origin, 'x-real-ip': this.ip, ...init.headers }
    const headers = Object.fromEntries(Object.entries(given).filter((entry): entry is [string, string] => entry[1] !== undefined))
    const cookie = this.cookies.header()
    if (cookie) headers.cookie = cookie
    let body = init.body
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    }
    const response = await this.app.request(path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: init.signal })
    this.cookies.keep(response)
    return response
  }

  post(path: string, json: unknown) {
    return this.request(path, { method: 'POST', json })
  }
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** Who `GET /api/session` says the request is signed in as: the user, or null for nobody. */
export async function signedInAs(pending: Response | Promise<Response>): Promise<SessionUser | null> {
  const response = await pending
  if (response.status !== 200) throw new Error(`GET /api/session answered ${response.status}`)
  return (await json<{ user: SessionUser | null }>(response)).user
}
