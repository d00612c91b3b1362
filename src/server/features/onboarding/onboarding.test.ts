import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { MEMBER_NAME_MESSAGES } from '~/core/member-name'
import type { OnboardingData } from '~/core/onboarding-request'
import { say } from '~test/support/chat'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const signedIn = async () => (await server.signedInClient('profile')).client

const onboarding: OnboardingData = { rankedDimensions: ['heart', 'mind', 'spirit'], selectedFocus: 'peace', completedAt: '2026-11-20T10:00:00.000Z' }

describe('profile', () => {
  it('needs a session', async () => {
    const stranger = server.client()
    expect((await stranger.api.profile.$get()).status).toBe(401)
    expect((await stranger.api.profile.onboarding.$post({ json: { onboarding, path: 'connection' } })).status).toBe(401)
  })

  it('keeps the onboarding and path chosen before the first sign-in, once', async () => {
    const client = await signedIn()
    const first = await okBody(client.api.profile.onboarding.$post({ json: { onboarding, path: 'connection' } }))
    expect(first.profile).toMatchObject({ rankedDimensions: ['heart', 'mind', 'spirit'], selectedFocus: 'peace', selectedPath: 'connection' })

    await client.api.profile.onboarding.$post({ json: { onboarding: { ...onboarding, rankedDimensions: ['body', 'growth', 'purpose'] }, path: 'energy' } })
    const { profile, email } = await okBody(client.api.profile.$get())
    expect(email).toMatch(/^profile\d+@example\.com$/)
    expect(profile).toMatchObject({ rankedDimensions: ['heart', 'mind', 'spirit'], selectedPath: 'connection', luminPoints: 0 })
  })

  it.each([
    ['too few dimensions', { onboarding: { ...onboarding, rankedDimensions: ['heart', 'mind'] }, path: null }, 'onboarding.rankedDimensions: Rank at least 3 dimensions.'],
    ['an unknown dimension', { onboarding: { ...onboarding, rankedDimensions: ['heart', 'mind', 'luck'] }, path: null }, 'onboarding.rankedDimensions.2'],
    ['a repeated dimension', { onboarding: { ...onboarding, rankedDimensions: ['heart', 'heart', 'mind'] }, path: null }, 'Each dimension can be ranked once.'],
    ['an unknown focus', { onboarding: { ...onboarding, selectedFocus: 'fame' }, path: null }, 'onboarding.selectedFocus'],
    ['an unknown path', { onboarding: null, path: 'Mind' }, 'path'],
    ['a missing field', { onboarding: null }, 'path'],
  ])('answers %s with 400 and a message naming the field', async (_, body, message) => {
    const client = await signedIn()
    const response = await client.post('/api/profile/onboarding', body)
    expect(response.status).toBe(400)
    const { error } = await errorBody(response)
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toContain(message)
  })

  it('answers unknown API routes with 404 in the one error shape, and never caches personal data', async () => {
    const client = await signedIn()
    const missing = await client.request('/api/nothing-here')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'There is no such API route.' } })
    expect((await client.api.profile.$get()).headers.get('cache-control')).toBe('no-store')
  })

  it('answers a body that is not JSON with 400', async () => {
    const client = await signedIn()
    const response = await client.request('/api/profile/onboarding', { method: 'POST', body: '{"onboarding":', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' } })
  })

  it('refuses bodies over 64 KB with 413', async () => {
    const client = await signedIn()
    const response = await client.request('/api/profile/onboarding', { method: 'POST', body: JSON.stringify({ pad: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(413)
  })
})

describe('status', () => {
  it('reports a healthy database and which optional features are configured', async () => {
    const client = server.client()
    expect(await okBody(client.api.health.$get())).toEqual({ status: 'ok', database: server.database.kind })
    expect(await okBody(client.api.config.$get())).toEqual({ google: false, voice: 'browser', model: 'offline', modelName: null, devOutbox: true, safetyReader: null, helplines: null })
  })

  it('answers 503 when the database is gone', async () => {
    const broken = await createTestServer()
    await broken.database.close().catch(() => undefined)
    const response = await broken.client().api.health.$get()
    expect(response.status).toBe(503)
    expect((await errorBody(response)).error.message).toBe('The database is not reachable.')
  })
})

describe('the name Olo and the weekly home use', () => {
  const setName = (client: TestClient, name: unknown) => client.request('/api/profile/name', { method: 'PUT', json: { name } })
  const nameOf = async (client: TestClient) => (await okBody(client.api.session.$get())).user!.name

  it('is the local part of the email until the member sets one, trimmed', async () => {
    const { client, email } = await server.signedInClient('naming')
    expect(await nameOf(client)).toBe(email.split('@')[0])

    const response = await setName(client, '  Sam Rivers  ')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ name: 'Sam Rivers' })
    expect(await nameOf(client)).toBe('Sam Rivers')
    // Names are people's: letters of any script and an emoji count as the characters they look like.
    expect((await setName(client, 'Zoë 🌿')).status).toBe(200)
    expect((await setName(client, 'é'.repeat(LIMITS.memberNameChars))).status).toBe(200)
  })

  it('needs a session', async () => {
    expect((await setName(server.client(), 'Sam')).status).toBe(401)
  })

  it.each([
    ['nothing', '', MEMBER_NAME_MESSAGES.missing],
    ['only spaces', '   ', MEMBER_NAME_MESSAGES.missing],
    ['a name that is not text', 42, MEMBER_NAME_MESSAGES.missing],
    ['a name over the limit', 'x'.repeat(LIMITS.memberNameChars + 1), MEMBER_NAME_MESSAGES.tooLong],
    ['a line break', 'Sam\nRivers', MEMBER_NAME_MESSAGES.control],
    ['a control character', 'Sam\u0007', MEMBER_NAME_MESSAGES.control],
    ['a mark that reverses the text', 'Sam\u202Eevil', MEMBER_NAME_MESSAGES.control],
  ])('refuses %s with 400 in the API error shape and keeps the name', async (_, name, message) => {
    const { client, email } = await server.signedInClient('naming')
    const response = await setName(client, name)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: `name: ${message}` } })
    expect(await nameOf(client)).toBe(email.split('@')[0])
  })

  it("changes only the signed-in member's own name, whatever the body names", async () => {
    const alice = await server.signedInClient('alice')
    const mallory = await server.signedInClient('mallory')
    const aliceId = (await okBody(alice.client.api.session.$get())).user!.id

    expect((await mallory.client.request('/api/profile/name', { method: 'PUT', json: { name: 'Mallory', id: aliceId, userId: aliceId } })).status).toBe(200)
    expect(await nameOf(alice.client)).toBe(alice.email.split('@')[0])
    expect(await nameOf(mallory.client)).toBe('Mallory')
  })

  it("is the name Olo's openings and greetings use, from the moment it is set", async () => {
    const client = await signedIn()
    await setName(client, 'Sam')

    const started = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } }))
    const recap = await okBody(client.api.conversations[':id'].$get({ param: { id: started.recap.conversationId } }))
    expect(recap.messages[0]!.content).toMatch(/^Hi Sam, I'm Olo/)

    await client.api.journey.path.$put({ json: { path: 'calm' } })
    const { practice } = await okBody(client.api.practices.$post({ json: { exercise: 1 } }))
    const reply = await say(client, practice.conversationId!, 'I want to feel calmer and let go of the day')
    expect(reply.done?.status).toBe('finished')
    expect(reply.done!.greeting).toMatch(/^Breathe easy, Sam\. /)

    // A later name is the one the finished chat's greeting is read with (Olo's voice reads it again by reference).
    await setName(client, 'Sammy')
    const finished = await okBody(client.api.conversations[':id'].$get({ param: { id: practice.conversationId! } }))
    expect(finished.greeting).toMatch(/^Breathe easy, Sammy\. /)
  })
})
