import { afterAll, describe, expect, it } from 'vitest'
import { FAKE_PUSH_NAME, startFakePush } from '~test/support/fake-push'
import { createOutgoing, OutgoingTimeout, RefusedAddress, type ResolveHost } from './outgoing'

const push = await startFakePush()
afterAll(() => push.close())
const port = new URL(push.origin).port

/** A resolver the test controls: each name's answers in turn, the last one again after that; every question kept. */
function resolver(names: Record<string, readonly (readonly string[])[]>) {
  const asked: string[] = []
  const resolve: ResolveHost = async (hostname) => {
    const answers = names[hostname]
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    const turn = answers[Math.min(asked.filter((h) => h === hostname).length, answers.length - 1)]!
    asked.push(hostname)
    return turn.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return { resolve, asked }
}

const message = { headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from('hello') }

describe('the guarded client (production)', () => {
  const { resolve, asked } = resolver({
    'loopback.example': [['127.0.0.1']],
    'loopback6.example': [['::1']],
    'metadata.example': [['169.254.169.254']],
    'private.example': [['10.20.30.40']],
    'mapped.example': [['::ffff:127.0.0.1']],
    'cgnat.example': [['100.64.1.1']],
    'ula.example': [['fd12:3456::1']],
    'mixed.example': [['142.250.185.74', '10.0.0.1']],
    'push.example': [['142.250.185.74', '2a00:1450:4001:82b::200a']],
  })
  const guarded = createOutgoing({ guard: true, timeoutMs: 2_000, resolveHost: resolve })

  it('refuses names that resolve inside the operator’s network, and address literals of it, before connecting', async () => {
    const before = push.received.length
    for (const url of [
      'https://loopback.example/push',
      'https://loopback6.example/push',
      'https://metadata.example/latest/meta-data',
      'https://private.example/push',
      'https://mapped.example/push',
      'https://cgnat.example/push',
      'https://ula.example/push',
      // One address inside is enough: another try could be given that one.
      'https://mixed.example/push',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://[::ffff:169.254.169.254]/push',
    ]) {
      await expect(guarded.check(url), url).rejects.toBeInstanceOf(RefusedAddress)
      await expect(guarded.post(url, message), url).rejects.toBeInstanceOf(RefusedAddress)
    }
    expect(push.received.length).toBe(before)
  })

  it('sends only to https on port 443, and takes a public name', async () => {
    await expect(guarded.check('https://push.example:8443/push')).rejects.toBeInstanceOf(RefusedAddress)
    await expect(guarded.check('http://push.example/push')).rejects.toBeInstanceOf(RefusedAddress)
    await expect(guarded.check(`${push.origin}/push/x`)).rejects.toBeInstanceOf(RefusedAddress)
    await expect(guarded.check('https://push.example/push')).resolves.toBeUndefined()
    await expect(guarded.check('https://push.example:443/push')).resolves.toBeUndefined()
    // A name that resolves to nothing is refused too.
    await expect(guarded.check('https://nowhere.example/push')).rejects.toThrow('ENOTFOUND')
    expect(asked).toContain('push.example')
  })
})

describe('the client, with or without the guard', () => {
  it('connects to the address it checked: the name is looked up once, and a lookup that answers differently later changes nothing', async () => {
    // The first answer is the fake push service's address; any later one would lead nowhere.
    const { resolve, asked } = resolver({ [FAKE_PUSH_NAME]: [['127.0.0.1'], ['192.0.2.1']] })
    const client = createOutgoing({ guard: false, timeoutMs: 2_000, resolveHost: resolve })
    const { id } = push.subscribe()
    expect(await client.post(`https://${FAKE_PUSH_NAME}:${port}/push/${id}`, message)).toBe(201)
    expect(asked).toEqual([FAKE_PUSH_NAME])
    const [received] = push.received.filter((p) => p.subscription === id)
    expect(received?.body.toString()).toBe('hello')
    // The certificate was checked against the name, which the service's certificate holds.
    expect(received?.headers.host).toBe(`${FAKE_PUSH_NAME}:${port}`)
  })

  it('follows no redirect: a 3xx is the answer', async () => {
    const client = createOutgoing({ guard: false, timeoutMs: 2_000 })
    const { id } = push.subscribe()
    push.answer(id, 301)
    expect(await client.post(`${push.origin}/push/${id}`, message)).toBe(301)
    expect(push.received.filter((p) => p.subscription === `redirected-${id}`)).toEqual([])
  })

  it('gives up on an endpoint that takes the message and never answers, at its timeout', async () => {
    const client = createOutgoing({ guard: false, timeoutMs: 300 })
    const { id } = push.subscribe()
    push.answer(id, 'never')
    const started = Date.now()
    await expect(client.post(`${push.origin}/push/${id}`, message)).rejects.toBeInstanceOf(OutgoingTimeout)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(push.received.filter((p) => p.subscription === id)).toHaveLength(1)
  })
})
