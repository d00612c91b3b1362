import { lookup } from 'node:dns/promises'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isForbiddenAddress } from './addresses'

/** A name's addresses, as the system's resolver gives them; a test gives its own. */
export type ResolveHost = (hostname: string) => Promise<readonly { address: string; family: number }[]>

/** A few seconds for a push service to take a message: past them it is failing, and the queue tries again later. */
export const OUTGOING_TIMEOUT_MS = 5_000

const systemResolver: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true })

/** An address Lumin will not send to for a member: not https, not port 443, or not on the internet. */
export class RefusedAddress extends Error {
  override name = 'RefusedAddress'
}

/** A request to a member-given address that had no full answer within the client's time. */
export class OutgoingTimeout extends Error {
  override name = 'OutgoingTimeout'
}

export interface OutgoingOptions {
  /**
   * Production: refuse every address that is not a public one on the internet, and every port but 443. Local mode,
   * which serves one machine, lets its own tests and bench reach a push service on loopback.
   */
  guard: boolean
  /** The longest a request may take, from the name's lookup to the answer's last byte. */
  timeoutMs: number
  resolveHost?: ResolveHost
}

/** A lookup that answers only the address already checked, so the connection goes nowhere else. */
function pinnedTo({ address, family }: { address: string; family: number }): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }])
    else callback(null, address, family)
  }
}

/** `work`'s outcome, or `error` once `signal` aborts first: a lookup can't be cancelled, only no longer waited for. */
function beforeAbort<T>(work: Promise<T>, signal: AbortSignal, error: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(error())
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/**
 * The one client for requests to addresses members choose (push endpoints, and any later feature that fetches a
 * member-given URL; docs/decisions/0059). It resolves the name itself, refuses (with the guard) every address that
 * is not on the internet and every port but 443, and connects to the address it checked: the connection's own lookup
 * answers that address, so no second lookup can lead elsewhere. It follows no redirect (a 3xx is an answer like any
 * other) and gives up after `timeoutMs`, so a silent endpoint holds nobody up.
 */
export function createOutgoing({ guard, timeoutMs, resolveHost = systemResolver }: OutgoingOptions) {
  // Local mode shares Node's global agent, whose trusted certificates a test's own push service may extend.
  const agent = guard ? new https.Agent({ keepAlive: true }) : https.globalAgent

  /** Where a request to `url` may go: its address, checked; throws RefusedAddress when it may go nowhere. */
  async function destination(url: string) {
    const target = new URL(url)
    if (target.protocol !== 'https:') throw new RefusedAddress('Only https addresses are reached.')
    // URL drops the default port: an empty port is 443.
    if (guard && target.port !== '') throw new RefusedAddress('Only port 443 is reached.')
    const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1')
    const addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await resolveHost(hostname)
    const [first] = addresses
    if (!first) throw new RefusedAddress('The name has no address.')
    // One address inside would be enough for a name to lead there on another try: every one must be outside.
    if (guard && addresses.some(({ address }) => isForbiddenAddress(address))) throw new RefusedAddress('The address is not on the internet.')
    return { target, hostname, address: first }
  }

  return {
    /** Throws RefusedAddress when a request to `url` would be refused: what a subscription is checked with. */
    async check(url: string) {
      await destination(url)
    },

    /** POSTs `body` to `url` and answers the status; throws RefusedAddress, OutgoingTimeout or the connection's error. */
    async post(url: string, { headers, body }: { headers: Record<string, string | number>; body: Buffer | null }): Promise<number> {
      const signal = AbortSignal.timeout(timeoutMs)
      const timedOut = () => new OutgoingTimeout(`No answer within ${timeoutMs} ms.`)
      const { target, hostname, address } = await beforeAbort(destination(url), signal, timedOut)
      return new Promise<number>((resolve, reject) => {
        const failed = (err: unknown) => reject(signal.aborted ? timedOut() : err)
        const request = https.request(
          {
            host: hostname,
            port: target.port || 443,
            path: `${target.pathname}${target.search}`,
            method: 'POST',
            headers,
            agent,
            signal,
            lookup: pinnedTo(address),
            // The certificate is checked against the name, not the address connected to.
            servername: isIP(hostname) ? undefined : hostname,
          },
          (response) => {
            // The answer's words are not needed: they are read and dropped, within the same time.
            response.on('end', () => resolve(response.statusCode ?? 0))
            response.on('error', failed)
            response.on('close', () => failed(new Error('The answer ended early.')))
            response.resume()
          },
        )
        request.on('error', failed)
        request.end(body ?? undefined)
      })
    },
  }
}

export type Outgoing = ReturnType<typeof createOutgoing>
