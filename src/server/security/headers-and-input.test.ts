import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '~/server/app'
import { createLogger } from '~/server/logger'
import { say } from '~test/support/chat'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'
import { apiRoutes, fillPath, memberWithEverything, parametersOf, PUBLIC_ROUTES, VALID_BODIES, VALID_QUERIES, type OwnedData } from './sweep'

const server = await createTestServer()
let member: OwnedData

beforeAll(async () => {
  member = await memberWithEverything(server, 'hostile')
}, 120_000)

describe('security headers', () => {
  const expectBaseline = (response: Response) => {
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    // Local mode may run on plain http: HSTS would lock a browser out of it.
    expect(response.headers.get('strict-transport-security')).toBeNull()
  }

  it('go with every API answer, and personal data is never cached', async () => {
    for (const path of ['/api/profile', '/api/journey', '/api/goals', '/api/achievements', '/api/account/export', `/api/conversations/${member.recapConversationId}`, '/api/no-such-route']) {
      const response = await member.client.request(path)
      expectBaseline(response)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
    }
    const signedOut = await server.client().request('/api/profile')
    expectBaseline(signedOut)
    expect(signedOut.headers.get('cache-control')).toBe('no-store')
  })

  it('go with the web app’s pages too, which may be cached only after revalidation', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'lumin-web-'))
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Lumin</title>')
    const app = createApp({ config: server.config, database: server.database, logger: createLogger('silent'), mailer: { outbox: null, send: async () => undefined }, webRoot })
    const page = await app.request('/weekly-dashboard')
    expect(page.status).toBe(200)
    expectBaseline(page)
    expect(page.headers.get('cache-control')).toBe('no-cache')
  })

  it('let a new version of the installed app be found: its service worker and manifest are checked on every use', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'lumin-web-'))
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Lumin</title>')
    writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(webRoot, 'manifest.webmanifest'), '{"name":"Lumin"}')
    const app = createApp({ config: server.config, database: server.database, logger: createLogger('silent'), mailer: { outbox: null, send: async () => undefined }, webRoot })
    const worker = await app.request('/sw.js')
    expect(worker.status).toBe(200)
    expect(worker.headers.get('content-type')).toMatch(/javascript/)
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    const manifest = await app.request('/manifest.webmanifest')
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json')
    expect(manifest.headers.get('cache-control')).toBe('no-cache')
  })
})

// ── Hostile input ───────────────────────────────────────────────────────────────────────────────

const HOSTILE_TEXT: Record<string, string> = {
  'script markup': '<script>alert(document.cookie)</script>',
  'an event handler': '<img src=x onerror=alert(1)>',
  'SQL': "'; DROP TABLE goals; --",
  'SQL tautology': "' OR '1'='1",
  'a right-to-left override': 'abc\u202Egpj.exe',
  'zero-width characters': 'a\u200B\u200Cb\uFEFF',
  'emoji with joiners': '🧘‍♀️🌍👩‍👩‍👧‍👦',
  'a NUL byte': 'before\u0000after',
  'a lone high surrogate': 'a\uD800b',
  'a lone low surrogate': 'a\uDC00b',
  'a 60,000-character field': 'x'.repeat(60_000),
  'an empty string': '',
  'only spaces': '   ',
  'a template placeholder': '{user_intention} ${process.env.AUTH_SECRET} {{7*7}}',
}
const HOSTILE_VALUES: Record<string, unknown> = {
  ...HOSTILE_TEXT,
  'null': null,
  'an array': ['a'],
  'an object': { $gt: '' },
  'true': true,
  '-1': -1,
  '0': 0,
  '1.5': 1.5,
  '2^31 (past a Postgres integer)': 2 ** 31,
  '2^53 + 1': 2 ** 53 + 1,
  '1e308': 1e308,
  '-1e308': -1e308,
  '"NaN"': 'NaN',
  '"Infinity"': 'Infinity',
  '"-Infinity"': '-Infinity',
  '"1e999"': '1e999',
  'a numeric string': '42',
}
const HOSTILE_BODIES: Record<string, { body: string; type?: string }> = {
  'a body over 64 KB': { body: JSON.stringify({ text: 'x'.repeat(70 * 1024) }) },
  'broken JSON': { body: '{"nope' },
  'JSON null': { body: 'null' },
  'a JSON array': { body: '[{}]' },
  'a JSON string': { body: '"text"' },
  'a JSON number': { body: '42' },
  'an empty body': { body: '' },
  'a form instead of JSON': { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  'text/plain JSON': { body: '{"a":1}', type: 'text/plain' },
  'a deeply nested object': { body: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
}
const HOSTILE_PATH_VALUES = ["' OR 1=1 --", '<script>', '..%2F..%2Fetc%2Fpasswd', '%00', '00000000-0000-0000-0000-000000000000', '9'.repeat(400), 'Diamond%00']

/** Bodies for Better Auth's endpoints: a fresh address each time, so the per-address sign-in limit doesn't answer first. */
let fresh = 0
const AUTH_BODIES: Record<string, () => Record<string, unknown>> = {
  '/api/auth/sign-up/email': () => ({ email: `hostile${++fresh}@example.com`, password: 'a-long-quiet-phrase', name: 'Someone' }),
  '/api/auth/sign-in/email': () => ({ email: `hostile${++fresh}@example.com`, password: 'a-long-quiet-phrase' }),
  '/api/auth/enter': () => ({ email: `hostile${++fresh}@example.com`, password: 'a-long-quiet-phrase', callbackURL: '/auth/mind?verified=1', ageConfirmed: true }),
  '/api/auth/request-password-reset': () => ({ email: `hostile${++fresh}@example.com`, redirectTo: '/auth/reset-password' }),
  '/api/auth/reset-password': () => ({ token: 'not-a-token', newPassword: 'a-long-quiet-phrase' }),
}

/** Richer valid bodies than the access sweep's, so that nested fields are attacked too. */
const INPUT_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/profile/onboarding': () => ({
    onboarding: { rankedDimensions: ['body', 'mind', 'heart'], selectedFocus: 'energy', completedAt: '2025-01-06T10:00:00.000Z' },
    path: 'mind',
  }),
  'POST /api/practices/:id/complete': () => ({ steps: 10, observation: 'A red kite', kindnessAct: 'Held a door' }),
}

/** Every field of a body, nested ones included, as paths. */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return []
  return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...fieldPaths(item, [...prefix, key])])
}

function withField(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body)
  let at: Record<string, unknown> = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>
  at[path.at(-1)!] = value
  return copy
}

/** A query value as a hostile client would write it: half a surrogate pair becomes the bytes of one, invalid UTF-8. */
function queryValue(value: string) {
  try {
    return encodeURIComponent(value)
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`
  }
}

interface Probe {
  label: string
  path: string
  method: string
  body?: string
  type?: string
  auth: boolean
}

async function send(client: TestClient, probe: Probe) {
  return client.request(probe.path, { method: probe.method, body: probe.body, headers: probe.body === undefined ? {} : { 'content-type': probe.type ?? 'application/json' } })
}

/** A clear refusal: a 4xx in the one error shape (Better Auth's routes keep theirs), or an answer that stored the text as it came. */
async function judge(probe: Probe, response: Response): Promise<string | null> {
  const where = `${probe.method} ${probe.path} with ${probe.label}`
  if (response.status >= 500) return `${where} → ${response.status}`
  const type = response.headers.get('content-type') ?? ''
  if (response.status === 204) return null
  if (!/application\/json|text\/event-stream|image\/svg\+xml/.test(type)) return `${where} answered ${type}`
  if (response.status >= 400 && !probe.auth) {
    const body = (await response.json()) as unknown
    const shaped = typeof body === 'object' && body !== null && 'error' in body && Object.keys(body).length === 1
    const error = shaped ? (body as { error: Record<string, unknown> }).error : null
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || !error.message) return `${where} answered ${JSON.stringify(body).slice(0, 200)}`
  }
  return null
}

describe('hostile input to every endpoint that takes any', () => {
  function probes(): Probe[] {
    const { handlers } = apiRoutes(server)
    const list: Probe[] = []
    for (const { method, path } of handlers) {
      const auth = path.startsWith('/api/auth/')
      if (path in PUBLIC_ROUTES && !auth) continue
      const paths = auth ? Object.keys(AUTH_BODIES) : fillPath(path, member)
      for (const concrete of paths) {
        const valid = auth ? AUTH_BODIES[concrete]! : (INPUT_BODIES[`${method} ${path}`] ?? (() => VALID_BODIES[`${method} ${path}`]?.({ email: member.email })))
        if (method === 'GET') {
          if (VALID_QUERIES[path]) {
            for (const [label, value] of Object.entries(HOSTILE_TEXT)) {
              const query = VALID_QUERIES[path].replace(/=[^&]*/, `=${queryValue(value)}`)
              list.push({ label: `a query of ${label}`, path: `${concrete}${query}`, method, auth })
            }
          }
        } else {
          for (const [label, { body, type }] of Object.entries(HOSTILE_BODIES)) list.push({ label, path: concrete, method, body, type, auth })
          const example = valid() as Record<string, unknown> | undefined
          if (example && typeof example === 'object') {
            for (const field of fieldPaths(example)) {
              for (const [label, value] of Object.entries(HOSTILE_VALUES)) {
                list.push({ label: `${field.join('.')} = ${label}`, path: concrete, method, body: JSON.stringify(withField(valid() as Record<string, unknown>, field, value)), auth })
              }
            }
          }
        }
      }
      for (const parameter of parametersOf(path)) {
        const index = path.split('/').indexOf(`:${parameter}`)
        for (const value of HOSTILE_PATH_VALUES) {
          const filled = fillPath(path, member)[0]!.split('/')
          filled[index] = value
          const body = INPUT_BODIES[`${method} ${path}`]?.() ?? VALID_BODIES[`${method} ${path}`]?.({ email: member.email })
          list.push({ label: `:${parameter} = ${value}`, path: filled.join('/'), method, body: body === undefined ? undefined : JSON.stringify(body), auth })
        }
      }
    }
    return list
  }

  it('answers each with a clear 4xx or stores it inert, never a 500', async () => {
    const all = probes()
    expect(all.length).toBeGreaterThan(500)
    const failures: string[] = []
    for (const probe of all) {
      // A client of its own for Better Auth's routes: their per-address limit would otherwise answer first.
      const client = probe.auth ? server.client() : member.client
      const problem = await judge(probe, await send(client, probe))
      if (problem) failures.push(problem)
    }
    expect(failures).toEqual([])
  }, 300_000)
})

describe('text stored and shown back inert', () => {
  const KEPT = ['<script>alert(document.cookie)</script>', '<img src=x onerror=alert(1)>', "'; DROP TABLE goals; --", 'abc\u202Egpj.exe', 'a\u200B\u200Cb', '🧘‍♀️🌍👩‍👩‍👧‍👦', '{user_intention} ${AUTH_SECRET}']

  it('keeps markup, SQL and unicode in a chat message exactly, and returns it as JSON text', async () => {
    const { client } = await server.signedInClient('inert')
    const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } }))
    const sent = KEPT.join(' | ')
    const turn = await say(client, recap.conversationId, sent)
    expect(turn.status).toBe(200)
    const view = await client.api.conversations[':id'].$get({ param: { id: recap.conversationId } })
    expect(view.headers.get('content-type')).toMatch(/^application\/json/)
    expect(view.headers.get('x-content-type-options')).toBe('nosniff')
    const { messages } = await okBody(view)
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([sent])
  })

  it('keeps markup in a practice’s log exactly', async () => {
    const { client } = await server.signedInClient('inert')
    await client.api.journey.path.$put({ json: { path: 'connection' } })
    const { practice } = await okBody(client.api.practices.$post({ json: { exercise: 1 } }))
    const kindnessAct = KEPT.slice(0, 3).join(' ')
    expect((await client.api.practices[':id'].complete.$post({ param: { id: practice.id }, json: { kindnessAct } })).status).toBe(200)
    const exported = await (await client.api.account.export.$get()).text()
    expect(exported).toContain(JSON.stringify(kindnessAct).slice(1, -1))
  })

  it('refuses a NUL or half a surrogate pair with 400 naming the field, instead of failing in the database', async () => {
    const { client } = await server.signedInClient('inert')
    const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } }))
    for (const content of ['a\u0000b', 'a\uD800b']) {
      const turn = await say(client, recap.conversationId, content)
      expect(turn.status).toBe(400)
      expect(turn.error?.error.message).toMatch(/^content: /)
    }
  })
})

describe('input that passes a first look but the database would refuse', () => {
  it.each([
    ['a cursor with a 13th month and a 99th hour', '/api/journal?before=2026-13-45T99%3A99%3A99.000000Z_0190a6b2-6c2e-7d0e-8f00-000000000000'],
    ['a cursor of the 30th of February', '/api/journal?before=2026-02-30T10%3A00%3A00.000000Z_0190a6b2-6c2e-7d0e-8f00-000000000000'],
    ['a cursor whose id is only dashes', '/api/journal?before=2026-01-05T10%3A00%3A00.000000Z_------------------------------------'],
  ])('refuses %s with a 400', async (_label, path) => {
    const response = await member.client.request(path)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('That is not a page of the journal.')
  })

  it('still pages with a cursor it gave', async () => {
    expect((await member.client.request('/api/journal?before=2026-01-05T10%3A00%3A00.123456Z_0190a6b2-6c2e-7d0e-8f00-000000000000')).status).toBe(200)
  })

  // Intl still knows links that tz retired; PostgreSQL does not, and once answered 500 (22023) to them.
  it.each(['US/Pacific-New', 'Canada/East-Saskatchewan'])('uses the retired zone %s under its canonical name everywhere a zone is taken', async (zone) => {
    const timeZone = encodeURIComponent(zone)
    for (const path of [
      `/api/stats?range=year&timeZone=${timeZone}`,
      `/api/calendar?month=2026-02&timeZone=${timeZone}`,
      `/api/weekly?timeZone=${timeZone}`,
      `/api/check-ins?timeZone=${timeZone}`,
      `/api/journal/prompt?timeZone=${timeZone}`,
      `/api/reminders?timeZone=${timeZone}`,
    ]) {
      expect((await member.client.request(path)).status, path).toBe(200)
    }
  })
})
