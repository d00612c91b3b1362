import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { createLogger } from './logger'

/** How long a stopping instance waits for its requests in flight: a chat reply may take up to OLO_LLM_TIMEOUT_MS. */
const SHUTDOWN_GRACE_MS = 35_000

async function main() {
  const config = loadConfig()
  const logger = createLogger(config.logLevel)
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl, preparedStatements: config.databasePreparedStatements, logger }
      : { dataDir: config.dataDir },
  )
  const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url))
  const app = createApp({ config, database, logger, webRoot: existsSync(webRoot) ? webRoot : undefined })
  const server = serve({ fetch: app.fetch, port: config.port }, () => {
    logger.info({ port: config.port, database: database.kind, olo: config.olo.provider, voice: config.tts.provider }, `Lumin is ready at ${config.appUrl}`)
  })
  // A rolling update stops instances one at a time: the stopping one takes no new requests and finishes those in
  // flight (a streaming chat reply too) before its database pool closes; past the grace period it exits anyway.
  const stop = () => {
    server.close(() => void database.close().finally(() => process.exit(0)))
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message)
  } else {
    console.error(err)
  }
  process.exit(1)
})
