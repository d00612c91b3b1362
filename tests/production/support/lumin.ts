import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll } from 'vitest'
import { readEvents } from '~test/support/chat'
import { CookieJar } from '~test/support/cookie-jar'

const APP_URL = 'https://lumin.test'
export const PASSWORD = 'quiet-morning-walks'

const running = new Set<Lumin>()
afterAll(async () => {
  await Promise.all([...running].map((lumin) => lumin.stop()))
})

/** A port nobody listens on right now, outside the range the browser journeys use. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** A secret of the kind production needs; instances that are to share sessions are given the same one. */
export const newAuthSecret = () => randomBytes(32).toString('hex')

export interface Lumin {
  url: string
  process: ChildProcess
  /** What the process wrote to stdout and stderr so far. */
  output(): string
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>
  stop(): Promise<void>
}

/**
 * Lumin as production runs it: `node --import tsx src/server/index.ts`, a process of its own on a free port, with
 * the variables given; resolves once /api/health answers 200.
 */
export async function startLumin(env: Record<string, string>): Promise<Lumin> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'warn', APP_URL, TRUSTED_IP_HEADER: 'x-real-ip', DATA_DIR: '/tmp/lumin-production-tests-unused', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let gone = false
  void exited.then(() => (gone = true))

  const lumin: Lumin = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    exited,
    async stop() {
      running.delete(lumin)
      if (gone) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
  running.add(lumin)

  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (gone) throw new Error(`Lumin stopped during start-up:\n${output}`)
    const health = await fetch(`${lumin.url}/api/health`).catch(() => null)
    if (health?.status === 200) return lumin
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await lumin.stop()
  throw new Error(`Lumin did not become healthy in 30 s:\n${output}`)
}

/**
 * A browser stand-in talking to whichever instance a test names, as if a load balancer had sent it there: it keeps
 * its cookies across instances, sends the app's origin, and comes from one client address (the balancer's header).
 */
export class Visitor {
  constructor(
    readonly ip: string,
    private readonly cookies = new CookieJar(),
  ) {}

  /** Another client holding this one's cookies as they are now: a copy kept after sign-out, a stolen session. */
  copy() {
    return new Visitor(this.ip, this.cookies.copy())
  }

  async request(lumin: Pick<Lumin, 'url'>, path: string, init: { method?: string; json?: unknown; signal?: AbortSignal } = {}) {
    const headers: Record<string, string> = { origin: APP_URL, 'x-real-ip': this.ip }
    const cookie = this.cookies.header()
    if (cookie) headers.cookie = cookie
    let body: string | undefined
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    }
    const response = await fetch(`${lumin.url}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: init.signal, redirect: 'manual' })
    this.cookies.keep(response)
    return response
  }

  post(lumin: Pick<Lumin, 'url'>, path: string, json: unknown) {
    return this.request(lumin, path, { method: 'POST', json })
  }

  /** Sends one chat message as the web does: the reply's events, or the error answered before the stream opened. */
  async say(lumin: Pick<Lumin, 'url'>, conversationId: string, content: string, id: string = randomUUID()) {
    const response = await this.post(lumin, `/api/conversations/${conversationId}/messages`, { id, content })
    if (!response.headers.get('content-type')?.includes('text/event-stream')) {
      return { status: response.status, error: await errorOf(response), done: undefined, failure: undefined }
    }
    const events = await readEvents(response)
    const done = events.find((e) => e.event === 'done')?.data as { status: string; message: { content: string } } | undefined
    const failure = events.find((e) => e.event === 'error')?.data as { code: string; message: string } | undefined
    return { status: response.status, error: undefined, done, failure }
  }
}

interface ApiErrorBody {
  error: { code: string; message: string }
}

export async function errorOf(response: Response) {
  return ((await response.json()) as ApiErrorBody).error
}

export async function json<T>(response: Response): Promise<T> {
  expectOk(response)
  return (await response.json()) as T
}

function expectOk(response: Response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
}
