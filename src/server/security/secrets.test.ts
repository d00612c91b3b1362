import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationScripts } from '~/server/db/schema'
import { createLogger } from '~/server/logger'
import { say } from '~test/support/chat'
import { startFakeModel } from '~test/support/fake-model'
import { createTestServer } from '~test/support/server'
import { okBody } from '~test/support/test-client'

const SECRETS = {
  AUTH_SECRET: 'auth-secret-4f1c9e7a2b8d6e3f0a5c1b9d7e2f4a6c',
  OLO_LLM_API_KEY: 'sk-live-olo-8c2e4a6f0b1d3e5a7c9f',
  TTS_API_KEY: 'tts-live-key-3b5d7f9a1c2e4f6a8b0d',
}
/** What a person wrote to Olo: it belongs in their conversation, nowhere else. */
const CHAT = ['my diary: the purple elephant 7731 knows', 'I told nobody about the lighthouse at 4 am', 'the blue heron speaks at dawn 9020']

const fake = await startFakeModel()
const logLines: string[] = []
const server = await createTestServer(
  {
    AUTH_SECRET: SECRETS.AUTH_SECRET,
    OLO_LLM_PROVIDER: 'openai-compatible',
    OLO_LLM_BASE_URL: fake.url,
    OLO_LLM_API_KEY: SECRETS.OLO_LLM_API_KEY,
    OLO_LLM_MODEL: 'fake-olo',
    OLO_LLM_TIMEOUT_MS: '1500',
    TTS_PROVIDER: 'elevenlabs',
    // Nothing listens here: every voice request fails, and is logged.
    TTS_BASE_URL: 'http://127.0.0.1:9',
    TTS_API_KEY: SECRETS.TTS_API_KEY,
  },
  { logger: createLogger('trace', { write: (line: string) => void logLines.push(line) }) },
)
afterAll(() => fake.close())

let masterPrompts: string[] = []
/** The signed-in member's session token, which a failed query's parameters would carry into a log. */
let sessionToken = 'none yet'
beforeAll(async () => {
  const scripts = await server.database.db.select({ prompt: conversationScripts.mistralMasterPrompt }).from(conversationScripts)
  masterPrompts = scripts.map((s) => s.prompt)
  expect(masterPrompts.length).toBeGreaterThan(3)
})

/** Each thing that must stay private, with a piece long enough to recognise and short enough to find when cut. */
function privateThings() {
  return [
    ...Object.entries(SECRETS),
    ['the session token', sessionToken] as const,
    ...CHAT.map((text, i) => [`chat message ${i + 1}`, text] as const),
    ...masterPrompts.flatMap((prompt, i) => [
      [`master prompt ${i + 1} (start)`, prompt.slice(0, 50)] as const,
      [`master prompt ${i + 1} (middle)`, prompt.slice(Math.floor(prompt.length / 2), Math.floor(prompt.length / 2) + 50)] as const,
    ]),
  ]
}

function leaksIn(text: string) {
  return privateThings()
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name)
}

describe('logs and error answers', () => {
  it('never hold a secret, a master prompt or what someone wrote, through a chat, failures and a database outage', async () => {
    const answers: string[] = []
    const keep = async <R extends { status: number; headers: Headers; clone(): Response }>(response: R) => {
      answers.push(`${response.status} ${[...response.headers].join(' ')} ${await response.clone().text()}`)
      return response
    }
    const { client, email } = await server.signedInClient('private')
    sessionToken = decodeURIComponent(client.cookies.get('better-auth.session_token')!).split('.')[0]!
    expect(sessionToken.length).toBeGreaterThan(20)
    const { recap } = await okBody(keep(await client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } })))
    const id = recap.conversationId

    fake.enqueue({ text: 'Thank you. How would you rate your week?' })
    const answered = await say(client, id, CHAT[0]!)
    expect(answered.done?.status).toBe('continue')

    fake.enqueue({ status: 500, body: JSON.stringify({ error: { message: `bad request: ${CHAT[1]}` } }) })
    const failed = await say(client, id, CHAT[1]!)
    expect(failed.failure).toBeDefined()
    answers.push(JSON.stringify(failed.events))

    fake.enqueue({ text: `Done.[[OLO_END]]{"weekly_summary": "${CHAT[2]}"` }, { status: 400, body: `{"error":{"message":"cannot parse ${CHAT[2]}"}}` })
    const broken = await say(client, id, CHAT[2]!)
    expect(broken.failure).toBeDefined()
    answers.push(JSON.stringify(broken.events))

    const olosLine = (await okBody(client.api.conversations[':id'].$get({ param: { id } }))).messages.find((m) => m.role === 'assistant')!
    await keep(await client.api.speech.$post({ json: { messageId: olosLine.id } }))
    await keep(await client.post('/api/speech', { text: CHAT[0] }))
    await keep(await client.post('/api/speech', { text: 1 }))
    await keep(await client.post('/api/conversations/not-an-id/messages', { id: 'x', content: CHAT[0] }))
    await keep(await client.post(`/api/conversations/${id}/messages`, { id: crypto.randomUUID(), content: `${CHAT[0]} ${'x'.repeat(3000)}` }))
    await keep(await client.request(`/api/conversations/${id}/messages`, { method: 'POST', body: `{"content": "${CHAT[0]}`, headers: { 'content-type': 'application/json' } }))
    await keep(await client.post('/api/auth/sign-in/email', { email, password: CHAT[1] }))
    await keep(await client.post('/api/auth/sign-in/email', { email: CHAT[1], password: CHAT[1] }))
    await keep(await client.request('/api/goals/not-a-goal/badges/Bronze'))

    // Last: the database goes away under a chat, so the errors carry queries holding what was written.
    await server.database.close()
    await keep(await client.post(`/api/conversations/${id}/messages`, { id: crypto.randomUUID(), content: CHAT[0] }))
    await keep(await server.client().post('/api/auth/sign-in/email', { email, password: CHAT[1] }))
    await keep(await client.api.goals.$get())

    const logs = logLines.join('')
    // The failures above were logged: the check below looks at real log lines.
    expect(logs).toContain('olo could not answer')
    expect(logs).toContain('voice provider failed')
    expect(answers.some((a) => a.startsWith('5'))).toBe(true)
    expect(leaksIn(logs)).toEqual([])
    expect(leaksIn(answers.join('\n'))).toEqual([])
    expect(answers.join('\n')).not.toMatch(/\bat \S+ \(|node_modules|DrizzleQueryError|Failed query/)
  })
})

describe('the built web app', () => {
  it('holds no secret of the server’s environment and no master prompt', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'lumin-web-build-'))
    try {
      // Built to a folder of its own (not dist/), with the secrets in the environment a careless config could inline.
      const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
        env: { ...process.env, ...SECRETS, VITE_AUTH_SECRET: undefined },
        encoding: 'utf8',
      })
      expect(build.status, build.stderr).toBe(0)
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())
      expect(files.some((f) => f.name.endsWith('.js'))).toBe(true)
      const leaks = files.flatMap((file) => leaksIn(readFileSync(join(file.parentPath, file.name), 'utf8')).map((what) => `${file.name}: ${what}`))
      expect(leaks).toEqual([])
    } finally {
      rmSync(outDir, { recursive: true, force: true })
    }
  }, 240_000)
})
