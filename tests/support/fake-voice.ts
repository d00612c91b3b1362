import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

interface VoiceRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown
}

/**
 * About 0.26 s of silence as MP3, what ElevenLabs and OpenAI's /audio/speech answer (as `audio/mpeg`) when asked for
 * MP3, as Lumin asks: ten MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz mono, each a 4-byte header and zeros, which
 * decode to silence. Tiny, yet a real file a browser's <audio> plays to its end.
 */
export const SILENT_MP3: Uint8Array<ArrayBuffer> = (() => {
  // 144 × 128,000 / 44,100 bytes a frame, rounded down: no padding bit is set.
  const frameBytes = 417
  const frames = 10
  const mp3 = new Uint8Array(frameBytes * frames)
  // Frame sync, MPEG-1, Layer III, no CRC; 128 kbit/s, 44.1 kHz, no padding; mono.
  for (let frame = 0; frame < frames; frame++) mp3.set([0xff, 0xfb, 0x90, 0xc0], frame * frameBytes)
  return mp3
})()

// Matched at the end of the path, so a combined fake can host the voice under a prefix of its choosing.
const ELEVENLABS_PATH = /\/v1\/text-to-speech\/[^/]+$/
const OPENAI_PATH = /\/audio\/speech$/

/**
 * A voice service speaking both ElevenLabs' and the OpenAI-compatible protocol, for any node:http server:
 * `handle` answers the voice paths and returns false for any other request, which the host then answers itself.
 */
export function createFakeVoice() {
  const requests: VoiceRequest[] = []
  const failures: number[] = []
  const held = new Set<ServerResponse>()
  let stalls = 0
  /** Answers waiting for `hold`'s release, while a hold lasts. */
  let holding: (() => void)[] | null = null

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const protocol = ELEVENLABS_PATH.test(path) ? 'text' : OPENAI_PATH.test(path) ? 'input' : null
    if (req.method !== 'POST' || !protocol) return false
    void readBody(req).then((body) => {
      requests.push({ method: req.method ?? 'POST', path, headers: req.headers, body })
      if (holding) holding.push(() => answer(res, protocol, body))
      else answer(res, protocol, body)
    })
    return true
  }

  function answer(res: ServerResponse, protocol: 'text' | 'input', body: unknown) {
    const failure = failures.shift()
    if (failure !== undefined) return sendJson(res, failure, { detail: { status: 'fake_failure', message: `The fake voice was told to answer ${failure}.` } })
    if (stalls > 0) {
      stalls--
      held.add(res)
      res.on('close', () => held.delete(res))
      return
    }
    // Both real services refuse a body without the words to read.
    const text = body && typeof body === 'object' && protocol in body ? (body as Record<string, unknown>)[protocol] : undefined
    if (typeof text !== 'string' || !text) return sendJson(res, 422, { detail: { status: 'invalid_body', message: `"${protocol}" is required.` } })
    res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': SILENT_MP3.byteLength }).end(SILENT_MP3)
  }

  function release() {
    const waiting = holding ?? []
    holding = null
    for (const go of waiting) go()
  }

  return {
    handle,
    requests,
    /** The next request is answered with this status and a JSON error body. */
    failNext(status: number) {
      failures.push(status)
    },
    /** The next request gets no answer at all, until its caller gives up or the fake closes. */
    stallNext() {
      stalls++
    },
    /** Keeps every answer back, as a slow voice would, until the returned function is called; requests are still recorded. */
    hold() {
      holding ??= []
      return release
    },
    /**
     * Ends requests held by stallNext, answers those kept back by hold, and forgets stalls and failures no request
     * used, so tests can't leak them.
     */
    releaseHeld() {
      for (const res of held) res.destroy()
      stalls = 0
      failures.length = 0
      release()
    },
  }
}


/** The fake voice on a port of its own; point TTS_BASE_URL at `url`. */
export async function startFakeVoice() {
  const voice = createFakeVoice()
  const server = createServer((req, res) => {
    if (!voice.handle(req, res)) sendJson(res, 404, { detail: { status: 'not_found', message: `No route ${req.method} ${req.url}` } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    ...voice,
    url: `http://127.0.0.1:${port}`,
    async close() {
      voice.releaseHeld()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())))
    },
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}
