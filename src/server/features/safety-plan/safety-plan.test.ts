import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { InferRequestType } from 'hono/client'
import { describe, expect, it } from 'vitest'
import { SAFETY_PLAN_LIMITS } from '~/core/safety-plan'
import { rateLimits, safetyPlanLines } from '~/server/db/schema'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const { db } = server.database

type Line = InferRequestType<TestClient['api']['safety-plan']['lines'][':id']['$put']>['json']

const member = async () => {
  const { client } = await server.signedInClient('plan')
  const { user } = await okBody(client.api.session.$get())
  return { client, userId: user!.id }
}
const put = (client: TestClient, id: string, line: Line) => client.api['safety-plan'].lines[':id'].$put({ param: { id }, json: line })
const remove = (client: TestClient, id: string) => client.api['safety-plan'].lines[':id'].$delete({ param: { id } })
const planOf = async (client: TestClient) => (await okBody(client.api['safety-plan'].$get())).lines
const rowsWithId = (id: string) => db.select().from(safetyPlanLines).where(eq(safetyPlanLines.id, id))

async function written(client: TestClient, line: Line, id = randomUUID()) {
  const response = await put(client, id, line)
  expect(response.status, await response.clone().text()).toBe(201)
  return (await okBody(response)).line
}

describe('writing a safety plan', () => {
  it('starts empty, and keeps each line as written, with a number where the step has one', async () => {
    const { client } = await member()
    expect(await planOf(client)).toEqual([])
    const sign = await written(client, { step: 'warning-signs', text: '  I stop answering my phone  ', position: 0 })
    expect(sign).toEqual({ id: sign.id, step: 'warning-signs', text: 'I stop answering my phone', phone: null, position: 0 })
    const sister = await written(client, { step: 'people-to-ask', text: 'My sister Ana', phone: ' +44 (0)20 7946-0958 ', position: 0 })
    expect(sister.phone).toBe('+44 (0)20 7946-0958')
    // A number alone is a line too: a helpline the member knows by heart.
    const helpline = await written(client, { step: 'professionals', text: '', phone: '988', position: 0 })
    expect(await planOf(client)).toEqual([sign, sister, helpline])
  })

  it('lists each step’s lines in the order the device gave them', async () => {
    const { client } = await member()
    const second = await written(client, { step: 'reasons-for-living', text: 'My dog, Biscuit', position: 1 })
    const first = await written(client, { step: 'reasons-for-living', text: 'Seeing my niece grow up', position: 0 })
    const third = await written(client, { step: 'reasons-for-living', text: 'The sea in the morning', position: 2 })
    expect((await planOf(client)).map((line) => line.id)).toEqual([first.id, second.id, third.id])
  })
})

describe('the device’s id', () => {
  it('stores a line once however often it is sent, and a later save changes what it says', async () => {
    const { client } = await member()
    const id = randomUUID()
    const line: Line = { step: 'on-my-own', text: 'Walk around the block', position: 0 }
    expect((await put(client, id, line)).status).toBe(201)
    const again = await put(client, id, line)
    expect(again.status).toBe(200)
    expect(await rowsWithId(id)).toHaveLength(1)

    const changed = await okBody(put(client, id, { ...line, text: 'Walk to the park and back' }))
    expect(changed.line.text).toBe('Walk to the park and back')
    expect(await planOf(client)).toEqual([changed.line])
  })

  it('stores one line when the same save arrives twice at once', async () => {
    const { client } = await member()
    const id = randomUUID()
    const line: Line = { step: 'people-and-places', text: 'The library', position: 0 }
    const answers = await Promise.all([put(client, id, line), put(client, id, line)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201])
    expect(await rowsWithId(id)).toHaveLength(1)
  })

  it('removes a line, and a removal sent again finds nothing', async () => {
    const { client } = await member()
    const line = await written(client, { step: 'safer-surroundings', text: 'Give my pills to my flatmate to keep', position: 0 })
    const removed = await remove(client, line.id)
    expect(removed.status).toBe(200)
    expect(await okBody(removed)).toEqual({ removed: { id: line.id } })
    expect(await planOf(client)).toEqual([])
    const again = await remove(client, line.id)
    expect(again.status).toBe(404)
    // The same id may be written again: a line emptied and then filled in on the device.
    expect((await put(client, line.id, { step: 'safer-surroundings', text: 'Keep the car keys at Ana’s', position: 0 })).status).toBe(201)
  })
})

describe('another member', () => {
  it('gets 404 for a line of someone else’s plan, changes nothing, and sees nothing of it', async () => {
    const owner = await member()
    const line = await written(owner.client, { step: 'people-to-ask', text: 'Owner-only friend', phone: '07700 900123', position: 0 })
    const other = await member()

    const overwrite = await put(other.client, line.id, { step: 'people-to-ask', text: 'Mine now', phone: '112', position: 0 })
    expect(overwrite.status).toBe(404)
    const text = await overwrite.text()
    expect(text).not.toContain('Owner-only friend')
    expect(JSON.parse(text)).toEqual({ error: { code: 'NOT_FOUND', message: 'We could not find that line of your plan.' } })
    expect((await remove(other.client, line.id)).status).toBe(404)
    expect(await planOf(other.client)).toEqual([])
    expect(await planOf(owner.client)).toEqual([line])
  })
})

describe('what the server refuses', () => {
  it('answers 400 naming the field, and stores nothing', async () => {
    const { client } = await member()
    const cases: [Line, string][] = [
      [{ step: 'warning-signs', text: 'x'.repeat(SAFETY_PLAN_LIMITS.lineChars + 1), position: 0 }, 'text: Keep a line under 300 characters.'],
      [{ step: 'warning-signs', text: '   ', position: 0 }, 'text: Write something first.'],
      [{ step: 'people-to-ask', text: '', phone: '  ', position: 0 }, 'text: Write something first.'],
      [{ step: 'warning-signs', text: 'Racing thoughts', phone: '555 0100', position: 0 }, 'phone: Only people and services have a number.'],
      [{ step: 'people-to-ask', text: 'Sam', phone: 'call me maybe', position: 0 }, 'phone: Write the number in digits (spaces and dashes are fine), with + before a country code.'],
      [{ step: 'people-to-ask', text: 'Sam', phone: '0044+20', position: 0 }, 'phone: Write the number in digits'],
      [{ step: 'people-to-ask', text: 'Sam', phone: 'javascript:alert(1)', position: 0 }, 'phone: Write the number in digits'],
      [{ step: 'people-to-ask', text: 'Sam', phone: '12', position: 0 }, 'phone: A phone number has 3 to 15 digits.'],
      [{ step: 'people-to-ask', text: 'Sam', phone: '1234567890123456', position: 0 }, 'phone: A phone number has 3 to 15 digits.'],
      [{ step: 'people-to-ask', text: 'Sam', phone: `1${' '.repeat(30)}23`, position: 0 }, 'phone: Keep a number under 30 characters.'],
      [{ step: 'warning-signs', text: 'ok', position: -1 }, 'position: '],
      [{ step: 'warning-signs', text: 'ok', position: 1.5 }, 'position: '],
      [{ step: 'warning-signs', text: 'ok', position: SAFETY_PLAN_LIMITS.greatestPosition + 1 }, 'position: '],
    ]
    for (const [line, message] of cases) {
      const response = await put(client, randomUUID(), line)
      expect(response.status, JSON.stringify(line)).toBe(400)
      expect((await errorBody(response)).error.message).toContain(message)
    }
    // A step the route's types forbid and a malformed id, sent raw as a caller other than the web might.
    const unknownStep = await client.request(`/api/safety-plan/lines/${randomUUID()}`, { method: 'PUT', json: { step: 'step-8', text: 'x', position: 0 } })
    expect(unknownStep.status).toBe(400)
    expect((await errorBody(unknownStep)).error.message).toMatch(/^step: /)
    const badId = await client.request('/api/safety-plan/lines/not-an-id', { method: 'PUT', json: { step: 'warning-signs', text: 'x', position: 0 } })
    expect(badId.status).toBe(400)
    expect((await errorBody(badId)).error.message).toBe('id: That is not a line of a safety plan.')
    expect(await planOf(client)).toEqual([])
  })

  it('holds a step to 10 lines, however they arrive, and leaves the other steps their own room', async () => {
    const { client } = await member()
    // Fifteen at once: the lock on the member's plan lets exactly ten in, on a pool of connections too.
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => put(client, randomUUID(), { step: 'on-my-own', text: `Idea ${i}`, position: i })))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(SAFETY_PLAN_LIMITS.linesPerStep)
    const refused = answers.filter((a) => a.status === 400)
    expect(refused).toHaveLength(5)
    expect((await errorBody(refused[0]!)).error.message).toBe('A step holds up to 10 lines.')
    const plan = await planOf(client)
    expect(plan).toHaveLength(10)

    // A line of a full step can still be changed, but no line can move into it.
    expect((await put(client, plan[0]!.id, { step: 'on-my-own', text: 'A long bath', position: 0 })).status).toBe(200)
    const elsewhere = await written(client, { step: 'warning-signs', text: 'Not sleeping', position: 0 })
    expect((await put(client, elsewhere.id, { step: 'on-my-own', text: 'Not sleeping', position: 11 })).status).toBe(400)
    expect((await rowsWithId(elsewhere.id))[0]!.step).toBe('warning-signs')
  })

  it('needs a session', async () => {
    const stranger = server.client()
    expect((await stranger.api['safety-plan'].$get()).status).toBe(401)
    expect((await put(stranger, randomUUID(), { step: 'warning-signs', text: 'x', position: 0 })).status).toBe(401)
    expect((await remove(stranger, randomUUID())).status).toBe(401)
  })

  it('takes an hour’s saves up to the limit, then answers 429 with Retry-After, and the member’s plan stays as it was', async () => {
    const { client, userId } = await member()
    const line = await written(client, { step: 'reasons-for-living', text: 'My garden', position: 0 })
    // The hour's saves but one spent, as a member writing for a long while might.
    await db
      .update(rateLimits)
      .set({ count: SAFETY_PLAN_LIMITS.writesPerHour - 1 })
      .where(eq(rateLimits.key, `safety-plan:${userId}`))
    expect((await put(client, line.id, { step: 'reasons-for-living', text: 'My garden in June', position: 0 })).status).toBe(200)
    const refused = await put(client, line.id, { step: 'reasons-for-living', text: 'Too many', position: 0 })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorBody(refused)).error.message).toBe('You have changed your safety plan a lot just now. Please try again later.')
    expect((await remove(client, line.id)).status).toBe(429)
    expect((await planOf(client)).map((l) => l.text)).toEqual(['My garden in June'])
    // Reading the plan is never held back, and another member's hour is their own.
    expect((await client.api['safety-plan'].$get()).status).toBe(200)
    await written((await member()).client, { step: 'reasons-for-living', text: 'Music', position: 0 })
  })
})
