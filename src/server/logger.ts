import pino from 'pino'
import { z } from 'zod'

/** JSON logs; callers pass ids and codes, never message content or secrets. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({ level, base: undefined, redact: ['*.password', '*.token', '*.headers.cookie', '*.headers.authorization'] }, destination)
}
export type Logger = ReturnType<typeof createLogger>

const logEntry = z.record(z.string(), z.unknown())

const LEVEL_NAMES: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }

/**
 * One pino line (JSON) as a person reads it in a terminal: the time, the level past info, the message, then the other
 * fields as key=value. Local mode prints these; production keeps JSON for its log collector.
 */
export function readableLine(json: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return json.trimEnd()
  }
  // pino writes one object per line; anything else is shown as it came.
  const read = logEntry.safeParse(parsed)
  if (!read.success) return json.trimEnd()
  const entry = read.data
  const { level, time, msg, ...fields } = entry
  const clock = typeof time === 'number' ? new Date(time).toTimeString().slice(0, 8) : ''
  const levelName = typeof level === 'number' ? (LEVEL_NAMES[level] ?? String(level)) : ''
  const tag = levelName && levelName !== 'info' ? `${levelName.toUpperCase()} ` : ''
  const details = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.join(',') : JSON.stringify(value)}`)
    .join(' ')
  return [clock, `${tag}${typeof msg === 'string' ? msg : ''}`, details && `(${details})`].filter(Boolean).join('  ')
}

/** A pino destination that writes readable lines to `out` (the terminal of `npm start`). */
export function readableLines(out: { write(text: string): unknown } = process.stdout): pino.DestinationStream {
  return { write: (json: string) => void out.write(`${readableLine(json)}\n`) }
}
