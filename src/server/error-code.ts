/** The code a Node, pg or library error carries as text (ECONNREFUSED, EADDRNOTAVAIL, a SQLSTATE); undefined without one. */
export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined
}
