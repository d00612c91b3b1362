import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler, type Schema } from 'hono'
import type { ApplyGlobalResponse } from 'hono/client'
import { secureHeaders } from 'hono/secure-headers'
import { createAuth, type Auth } from './auth/auth'
import { createMailDelivery, createMailer, MAIL_QUEUE, MAIL_QUEUE_OPTIONS, outboxRoutes, type Mailer } from './auth/mail'
import { authRoutes, requireUser, sessionReader, type AppEnv } from './auth/routes'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import { calendarRoutes } from './features/calendar/routes'
import { checkInRoutes } from './features/check-ins/routes'
import { goalFinisher } from './features/goals/queries'
import { achievementRoutes, goalRoutes } from './features/goals/routes'
import { readReflectionSubject, reflectionFinisher } from './features/journal/reflection'
import { reflectionRoutes } from './features/journal/reflection-routes'
import { journalRoutes } from './features/journal/routes'
import { journeyRoutes } from './features/journey/routes'
import { onboardingRoutes } from './features/onboarding/routes'
import { thresholdFinisher } from './features/practices/queries'
import { practiceRoutes } from './features/practices/routes'
import { reminderRoutes, unsubscribeRoutes } from './features/reminders/routes'
import { safetyPlanRoutes } from './features/safety-plan/routes'
import { settingsRoutes } from './features/settings/routes'
import { statsRoutes } from './features/stats/routes'
import { statusRoutes } from './features/status/routes'
import { readRecapSubject, recapFinisher } from './features/weekly/queries'
import { weeklyRoutes } from './features/weekly/routes'
import { errorHandler, noStore, requestBodyLimit, sameOriginOnly, sendError, storableText, type ErrorResponses } from './http'
import { createJobQueue, type JobQueue } from './jobs/queue'
import type { Logger } from './logger'
import { createCrisisReader, type CrisisReader } from './olo/crisis-reader'
import { createOlo, type Olo } from './olo/engine'
import { createOutgoing, OUTGOING_TIMEOUT_MS, type Outgoing, type OutgoingOptions } from './net/outgoing'
import { createPushSender } from './reminders/push'
import { createReminders, PUSH_QUEUE, PUSH_QUEUE_OPTIONS, REMINDER_QUEUE, REMINDER_QUEUE_OPTIONS, type Reminders } from './reminders/scheduler'
import { conversationRoutes } from './olo/routes'
import { speechRoutes } from './olo/speech/routes'

export interface AppDeps {
  config: Config
  database: Database
  logger: Logger
  /** How mail leaves once the mail queue's worker takes it: SMTP or the dev outbox unless a test captures it. */
  mailer?: Mailer
  /** The built web app to serve; omitted in API-only tests. */
  webRoot?: string
  /** The time as reminders see it: a test moves it (docs/decisions/0043). */
  clock?: () => Date
  /** How requests to member-given addresses resolve names and how long they wait: a test gives its own (decision 0059). */
  outgoing?: Partial<Omit<OutgoingOptions, 'guard'>>
}

export function createApp({ config, database, logger, mailer = createMailer(config, logger), webRoot, clock = () => new Date(), outgoing = {} }: AppDeps) {
  // The guard is production's: local mode serves one machine, whose own tests run a push service on loopback.
  const api = buildApi({ config, database, mailer, logger, clock, outgoing: createOutgoing({ guard: config.production, timeoutMs: OUTGOING_TIMEOUT_MS, ...outgoing }) })

  const app = new Hono()
    .use(
      '*',
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
        strictTransportSecurity: config.production ? 'max-age=31536000; includeSubDomains' : false,
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginEmbedderPolicy: false,
        // A response that sets its own policy (a badge image) keeps its stricter one.
        overwrite: false,
      }),
    )
    .route('/api', api)

  app.onError(errorHandler(logger))

  if (mailer.outbox) app.route('/dev/outbox', outboxRoutes(mailer.outbox))
  app.route('/reminders', unsubscribeRoutes({ db: database.db, config }))

  if (webRoot) {
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    // A new version of the app is found by these two (docs/decisions/0045): always asked of the server.
    app.use('/sw.js', noCache)
    app.use('/manifest.webmanifest', noCache)
    // The build writes brotli and gzip copies of every script and style (scripts/precompress.ts): a fifth of the bytes,
    // which is most of a phone's first paint, at no cost per request.
    app.use('*', serveStatic({ root: webRoot, precompressed: true }))
    const indexHtml = readFile(join(webRoot, 'index.html'), 'utf8')
    // Every other GET is a client-side route of the single-page app.
    app.get('*', async (c) => {
      c.header('Cache-Control', 'no-cache')
      return c.html(await indexHtml)
    })
  }
  return app
}

/** Served from disk, but checked with the server on every use. */
const noCache: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.ok) c.header('Cache-Control', 'no-cache')
}

/** /api: every feature's sub-app, chained so that its type describes the whole API. */
function buildApi({ config, database, mailer, logger, clock, outgoing }: { config: Config; database: Database; mailer: Mailer; logger: Logger; clock: () => Date; outgoing: Outgoing }) {
  const { db } = database
  const jobs = createJobQueue({ database, logger, queues: { [MAIL_QUEUE]: MAIL_QUEUE_OPTIONS, [REMINDER_QUEUE]: REMINDER_QUEUE_OPTIONS, [PUSH_QUEUE]: PUSH_QUEUE_OPTIONS } })
  const mail = createMailDelivery({ db, jobs, mailer, logger })
  const reminders = createReminders({ db, jobs, mail, push: createPushSender(config.vapid, outgoing), config, logger, clock })
  const auth = createAuth({ config, db, mail, logger })
  const readSession = sessionReader({ auth, db })
  const crisis = createCrisisReader({ db, config, logger })
  const olo = createOlo({
    db,
    config,
    logger,
    finishers: { recap: recapFinisher, threshold: thresholdFinisher, goal: goalFinisher, reflection: reflectionFinisher },
    subjects: { reflection: readReflectionSubject, recap: readRecapSubject },
    crisis,
  })
  return new Hono<AppEnv>()
    .use('*', noStore)
    .use('*', sameOriginOnly(config.appUrl))
    .use('*', requestBodyLimit)
    .use('*', storableText)
    .route('/', statusRoutes({ config, database }))
    .route('/auth', authRoutes({ auth, db, config }))
    // Who is signed in, or `null`: the app asks before it knows, so nobody is an answer, not an error.
    .get('/session', async (c) => c.json({ user: (await readSession(c)).user }))
    .route('/', memberRoutes({ config, db, olo, crisis, auth, jobs, reminders, outgoing, logger, signedIn: requireUser(readSession) }))
    .all('*', (c) => sendError(c, 'NOT_FOUND', 'There is no such API route.'))
}

interface MemberDeps {
  config: Config
  db: Db
  olo: Olo
  crisis: CrisisReader
  auth: Auth
  jobs: JobQueue
  reminders: Reminders
  outgoing: Outgoing
  logger: Logger
  signedIn: MiddlewareHandler<AppEnv>
}

/**
 * Every feature that is a member's own, each behind the session guard: a signed-out caller gets 401 from any path under
 * them. The guard sits on each feature's prefix, not on the whole API, so a path no feature serves is still a 404 below.
 */
function memberRoutes({ config, db, olo, crisis, auth, jobs, reminders, outgoing, logger, signedIn }: MemberDeps) {
  const membersOnly = <S extends Schema, B extends string>(routes: Hono<AppEnv, S, B>) => new Hono<AppEnv>().use('*', signedIn).route('/', routes)
  return new Hono<AppEnv>()
    .route('/profile', membersOnly(onboardingRoutes({ db })))
    .route('/conversations', membersOnly(conversationRoutes({ olo, logger })))
    .route('/weekly', membersOnly(weeklyRoutes({ db, olo })))
    .route('/journey', membersOnly(journeyRoutes({ db })))
    .route('/practices', membersOnly(practiceRoutes({ db, olo })))
    .route('/goals', membersOnly(goalRoutes({ db, olo })))
    .route('/achievements', membersOnly(achievementRoutes({ db })))
    .route('/reflections', membersOnly(reflectionRoutes({ db, olo })))
    .route('/speech', membersOnly(speechRoutes({ config, db, olo, logger })))
    .route('/account', membersOnly(settingsRoutes({ db, auth, jobs, reminders })))
    .route('/check-ins', membersOnly(checkInRoutes({ db, crisis })))
    .route('/journal', membersOnly(journalRoutes({ db, crisis })))
    .route('/reminders', membersOnly(reminderRoutes({ db, reminders, outgoing, production: config.production })))
    .route('/calendar', membersOnly(calendarRoutes({ db })))
    .route('/stats', membersOnly(statsRoutes({ db })))
    .route('/safety-plan', membersOnly(safetyPlanRoutes({ db })))
}

/** Only the API's type travels to the web client (`hc<ApiType>`), with the error answers every route may give. */
export type ApiType = ApplyGlobalResponse<ReturnType<typeof buildApi>, ErrorResponses>
