import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '~/server/app'
import { createLogger } from '~/server/logger'
import { createTestServer } from '~test/support/server'
import { precompressFile } from './precompress'

const script = `export const greeting = ${JSON.stringify('Hello from Olo. '.repeat(400))}\n`
const webRoot = mkdtempSync(join(tmpdir(), 'lumin-precompressed-'))
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Lumin</title>')
mkdirSync(join(webRoot, 'assets'))
const asset = join(webRoot, 'assets', 'index-abc123.js')
writeFileSync(asset, script)
await precompressFile(asset)

const server = await createTestServer()
const app = createApp({ config: server.config, database: server.database, logger: createLogger('silent'), mailer: { outbox: null, send: async () => undefined }, webRoot })
// A real HTTP server: the Node adapter is what streams a file from disk.
const http = serve({ fetch: app.fetch, port: 0 })
const address = await new Promise<string>((resolve) => http.once('listening', () => resolve(`http://127.0.0.1:${(http.address() as { port: number }).port}`)))
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())))

const fetchAsset = (acceptEncoding: string) => fetch(`${address}/assets/index-abc123.js`, { headers: { 'accept-encoding': acceptEncoding } })

describe('built scripts and styles', () => {
  it('get brotli and gzip copies that hold exactly the file, each smaller than it', async () => {
    const [br, gz] = await Promise.all([readFile(`${asset}.br`), readFile(`${asset}.gz`)])
    expect(brotliDecompressSync(br).toString()).toBe(script)
    expect(gunzipSync(gz).toString()).toBe(script)
    expect(br.length).toBeLessThan(gz.length)
    expect(gz.length).toBeLessThan(script.length)
  })

  it('go out as brotli when the browser takes it, gzip when only that, and plain otherwise, cached for a year', async () => {
    for (const [accepted, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip, deflate', 'gzip'], ['identity', null]] as const) {
      const response = await fetchAsset(accepted)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(response.headers.get('content-type')).toMatch(/javascript/)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      if (encoding) expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
      // fetch decodes what it was sent: the script arrives whole whichever way it travelled.
      expect(await response.text()).toBe(script)
    }
  })
})
