import { createServer } from 'node:http'
import { startFakeModel } from './fake-model'
import { createFakeVoice } from './fake-voice'

/**
 * The fake model and voice providers as one process, for browser journeys against a Lumin configured with real
 * providers. The model streams slowly enough for a page to see each delta; GET /voice-requests lists what the voice
 * service was asked.
 */
const modelPort = Number(process.env.FAKE_MODEL_PORT ?? 3197)
const voicePort = Number(process.env.FAKE_VOICE_PORT ?? 3196)

await startFakeModel({ delayMs: 120 }, modelPort)

const voice = createFakeVoice()
createServer((req, res) => {
  if (voice.handle(req, res)) return
  if (req.method === 'GET' && req.url === '/voice-requests') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(voice.requests))
    return
  }
  res.writeHead(404).end()
}).listen(voicePort, '127.0.0.1')

console.log(`fake model on ${modelPort}, fake voice on ${voicePort}`)
