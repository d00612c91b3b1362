import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { openDatabase } from './database'
import type { Database } from './db/client'
import { errorCode } from './error-code'
import { createLogger, readableLines, type Logger } from './logger'

type Fetch = Parameters<typeof createAdaptorServer>[0]['fetch']

/**
 * What a test entry may put in front of the app: given the app and what it was made with, the handler to serve
 * instead. Lumin's own entry (index.ts) passes none; the browser journeys' server (tests/support/e2e-server.ts) adds its
 * member factory this way, so that route exists only in the process that test entry starts (docs/decisions/0029).
 */
export type Front = (made: { app: ReturnType<typeof createApp>; config: Config; database: Database; logger: Logger }) => Fetch

/** Starts Lumin: configuration, database, the app on its hosts, and a graceful stop; a bad start exits with 1. */
export function serve(front?: Front) {
  main(front).catch((err: unknown) => {
    if (err instanceof ConfigError) {
      console.error(err.message)
    } else {
      console.error(err)
    }
    process.exit(1)
  })
}

async function main(front?: Front) {
  const config = loadConfig()
  // Readable lines in a developer's terminal; JSON lines in production, for a log collector.
  const logger = createLogger(config.logLevel, config.production ? undefined : readableLines())
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl, preparedStatements: config.databasePreparedStatements, logger }
      : { dataDir: config.dataDir },
  )
  const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url))
  const app = createApp({ config, database, logger, webRoot: existsSync(webRoot) ? webRoot : undefined })
  const servers = await listen(front ? front({ app, config, database, logger }) : app.fetch, config.port, config.hosts, logger)
  logger.info(
    { port: config.port, hosts: config.hosts.length ? config.hosts : 'all interfaces', database: database.kind, olo: config.olo.provider, voice: config.tts.provider },
    `Lumin is ready at ${config.appUrl}`,
  )
  // A rolling update stops instances one at a time: the stopping one takes no new requests and finishes those in
  // flight (a streaming chat reply too) before its database pool closes; past the grace period it exits anyway.
  const stop = () => {
    void Promise.all(servers.map((server) => new Promise((closed) => server.close(closed)))).then(() => database.close().finally(() => process.exit(0)))
    setTimeout(() => process.exit(0), config.shutdownGraceMs).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/**
 * Listens on each of `hosts` (every interface when there are none). An address this machine lacks, such as ::1 where
 * IPv6 is off, is skipped as long as another one listens.
 */
async function listen(fetch: Fetch, port: number, hosts: string[], logger: Logger) {
  const listening: Server[] = []
  for (const host of hosts.length ? hosts : [undefined]) {
    const server = createAdaptorServer({ fetch })
    // Without createServer or serverOptions for HTTP/2, @hono/node-server makes node:http's server.
    if (!(server instanceof Server)) throw new Error('Lumin expected an HTTP/1.1 server')
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, resolve)
      })
      listening.push(server)
    } catch (err) {
      const code = errorCode(err)
      if (code !== 'EADDRNOTAVAIL' && code !== 'EAFNOSUPPORT') throw err
      logger.warn({ host, code }, 'this address is not available here; skipped')
    }
  }
  if (!listening.length) throw new Error(`Lumin could not listen on ${hosts.join(' or ')}`)
  return listening
}
