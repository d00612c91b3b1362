import { createServer, connect, type AddressInfo, type Socket } from 'node:net'
import { afterAll } from 'vitest'

/**
 * A TCP proxy between the server under test and PostgreSQL, which a test can cut: the network, not the shared
 * database, goes away. `cut` ends every live connection and refuses new ones; `blackHole` ends them and then takes new
 * connections without ever answering, like a host that vanished; `restore` forwards again on the same port.
 */
export async function startTcpProxy(target: string) {
  const { hostname, port: targetPort } = new URL(target)
  const live = new Set<Socket>()
  let answering = true
  let port = 0

  const server = createServer((client) => {
    live.add(client)
    client.on('close', () => live.delete(client))
    client.on('error', () => client.destroy())
    if (!answering) return
    const upstream = connect(Number(targetPort || 5432), hostname)
    live.add(upstream)
    upstream.on('close', () => {
      live.delete(upstream)
      client.destroy()
    })
    upstream.on('error', () => upstream.destroy())
    client.on('close', () => upstream.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })

  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const endLive = () => {
    for (const socket of live) socket.destroy()
    live.clear()
  }
  await listen()
  port = (server.address() as AddressInfo).port
  const close = () =>
    new Promise<void>((resolve) => {
      endLive()
      if (server.listening) server.close(() => resolve())
      else resolve()
    })
  afterAll(close)

  return {
    /** For DATABASE_URL: the target's URL with the proxy's address. */
    url: (() => {
      const url = new URL(target)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    })(),
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        endLive()
      })
    },
    async blackHole() {
      answering = false
      endLive()
      if (!server.listening) await listen()
    },
    async restore() {
      answering = true
      endLive()
      if (!server.listening) await listen()
    },
  }
}
