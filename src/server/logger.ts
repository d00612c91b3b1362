import pino from 'pino'

/** JSON logs; callers pass ids and codes, never message content or secrets. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({ level, base: undefined, redact: ['*.password', '*.token', '*.headers.cookie', '*.headers.authorization'] }, destination)
}
export type Logger = ReturnType<typeof createLogger>
