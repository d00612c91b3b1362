/**
 * What every chat shows where its input is while the browser has no connection (docs/product.md#olo,
 * docs/decisions/0048): Olo answers on the server, so nothing can be sent, and nothing written is lost.
 */
export const NEEDS_CONNECTION = 'Olo needs a connection to talk. You can write again as soon as you are back online.'

/**
 * How a chat's request to open or read back its conversation is tried again: while the browser has no connection,
 * always, so the screen says Olo needs a connection rather than showing an error. TanStack Query holds such a retry
 * until the 'online' event, so the chat opens by itself about a second after the connection comes back, without
 * asking in between. With a connection, the caller's own rule says.
 */
export function untilOnline(otherwise: (failures: number) => boolean) {
  return {
    retry: (failures: number) => !navigator.onLine || otherwise(failures),
    retryDelay: 1000,
  }
}
