import { afterAll } from 'vitest'
import { createApp } from '~/server/app'
import type { Mail, Mailer } from '~/server/auth/mail'
import { loadConfig } from '~/server/config'
import type { Database } from '~/server/db/client'
import { createLogger } from '~/server/logger'
import { openTestDatabase } from './database'

export const APP_URL = 'http://lumin.test'

/** The app on a database of this file's own, with mail captured instead of sent. */
export async function createTestServer(env: Record<string, string> = {}) {
  const database = await openTestDatabase()
  const config = loadConfig({ DATA_DIR: '/tmp/lumin-test-unused', AUTH_SECRET: 'test-secret-test-secret-test-secret-42', APP_URL, LOG_LEVEL: 'silent', TRUSTED_IP_HEADER: 'x-real-ip', ...env })
  const mails: (Mail & { link: string | null })[] = []
  const mailer: Mailer = {
    outbox: null,
    send: async (mail) => void mails.push({ ...mail, link: /https?:\/\/\S+/.exec(mail.text)?.[0] ?? null }),
  }
  const app = createApp({ config, database, logger: createLogger('silent'), mailer })
  // A test may have closed it already to see the server without its database.
  afterAll(() => database.close().catch(() => undefined))
  return { app, database, mails, config, client: (ip = '203.0.113.1') => new TestClient(app, database, ip) }
}

type App = ReturnType<typeof createApp>

/** A browser stand-in: keeps cookies, sends the app's origin, and comes from one client address. */
export class TestClient {
  private cookies = new Map<string, string>()
  constructor(
    readonly app: App,
    readonly database: Database,
    private readonly ip: string,
  ) {}

  async request(path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { origin: APP_URL, 'x-real-ip': this.ip, ...init.headers }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    let body = init.body
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    }
    const response = await this.app.request(path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      if (/max-age=0/i.test(cookie) || value.join('=') === '') this.cookies.delete(name!)
      else this.cookies.set(name!, value.join('='))
    }
    return response
  }

  post(path: string, json: unknown) {
    return this.request(path, { method: 'POST', json })
  }
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T
}
