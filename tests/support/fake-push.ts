import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A push message as the fake push service received it (RFC 8030 §5), before anyone decrypts it. */
interface ReceivedPush {
  subscription: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** When it came in, on this process's clock (Date.now()): the bench times reminders by it. */
  at: number
}

/** The name the fake push service's certificate holds besides 127.0.0.1, for a test whose resolver gives that address. */
export const FAKE_PUSH_NAME = 'push.lumin.test'

/** A TLS certificate for 127.0.0.1 and FAKE_PUSH_NAME, made for this run: push endpoints are https, as browsers' are. */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'lumin-fake-push-'))
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', `subjectAltName=IP:127.0.0.1,DNS:${FAKE_PUSH_NAME}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest()

/**
 * A browser's side of a push subscription: its own P-256 key pair and auth secret (RFC 8291 §2), and the decryption
 * of an aes128gcm message (RFC 8188 §2, one record) sent to it.
 */
function pushKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  const uaPublic = ecdh.getPublicKey()
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: auth.toString('base64url'),
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16)
      const idLength = body.readUInt8(20)
      const asPublic = body.subarray(21, 21 + idLength)
      const record = body.subarray(21 + idLength)
      const ecdhSecret = ecdh.computeSecret(asPublic)
      // RFC 8291 §3.4: the input keying material from the shared secret and the auth secret, then RFC 8188's keys.
      const ikm = hmac(hmac(auth, ecdhSecret), Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1]))
      const prk = hmac(salt, ikm)
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16)
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12)
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
      decipher.setAuthTag(record.subarray(record.length - 16))
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
      // The last record ends with the delimiter 0x02 and zero or more zeros of padding.
      let end = padded.length - 1
      while (end >= 0 && padded[end] === 0) end--
      if (padded[end] !== 2) throw new Error('the record has no last-record delimiter')
      return padded.subarray(0, end).toString('utf8')
    },
  }
}

/** Whether an `Authorization: vapid t=…, k=…` header (RFC 8292 §3) carries a JWT signed by its key, for `audience`. */
export function vapidClaims(header: string, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header)
  if (!match) throw new Error(`not a VAPID authorization: ${header.slice(0, 20)}`)
  const [, token = '', key = ''] = match
  const [head = '', payload = '', signature = ''] = token.split('.')
  const point = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' })
  const valid = verify('sha256', Buffer.from(`${head}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string }
  return { valid: valid && claims.aud === audience && claims.exp * 1000 > Date.now(), key, claims }
}

/**
 * A push service that is a real HTTPS server speaking RFC 8030: a POST to a subscription's endpoint is a push message,
 * answered 201 Created with its Location, or with whatever status a test sets for the subscription (a 3xx with a
 * Location on this service, 404 and 410 say it is gone, 5xx that the service failed), or never. Node's default https
 * agent is made to trust its certificate, as a browser's push service is trusted through a public CA.
 */
export async function startFakePush() {
  const { key, cert } = selfSignedCertificate()
  https.globalAgent.options.ca = cert
  const received: ReceivedPush[] = []
  /** A status to answer with, or `never`: the connection is taken and the push read, and no answer ever comes. */
  const statuses = new Map<string, number | 'never'>()
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const subscription = request.url?.replace(/^\/push\//, '') ?? ''
      received.push({ subscription, headers: request.headers, body: Buffer.concat(chunks), at: Date.now() })
      const status = statuses.get(subscription) ?? 201
      if (status === 'never') return
      if (status === 201) response.setHeader('Location', `/message/${received.length}`)
      // A redirect points at another subscription's address here, where a client that followed it would be seen.
      if (status >= 300 && status < 400) response.setHeader('Location', `/push/redirected-${subscription}`)
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  let subscriptions = 0
  return {
    origin,
    /** Its certificate (PEM), for another process to trust it as this one does (NODE_EXTRA_CA_CERTS). */
    certificate: cert,
    received,
    /** A browser's subscription at this service, with its keys. */
    subscribe() {
      const id = `s${++subscriptions}-${randomBytes(4).toString('hex')}`
      return { id, endpoint: `${origin}/push/${id}`, keys: pushKeys() }
    },
    /** The status this service answers pushes to a subscription with, from now on. */
    answer(subscription: string, status: number | 'never') {
      statuses.set(subscription, status)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // The connections it never answered are left open by their clients' keep-alive: end them.
        server.closeAllConnections()
      }),
  }
}
