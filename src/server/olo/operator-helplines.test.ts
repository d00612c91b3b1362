import { describe, expect, it } from 'vitest'
import { say } from '~test/support/chat'
import { createTestServer, testConfig } from '~test/support/server'
import { okBody } from '~test/support/test-client'
import { crisisReply } from './crisis-reply'

/** An operator's OLO_HELPLINES replaces the built-in table on their instance (docs/decisions/0054). */
const OPERATOR_TEXT = 'Students can call the campus line on 555 0100, day or night.'
const server = await createTestServer({ OLO_HELPLINES: OPERATOR_TEXT })

describe("an operator's own help text", () => {
  it('is what GET /api/config gives the help card, and what Olo says word for word after a crisis message', async () => {
    expect(await okBody(server.client().api.config.$get())).toMatchObject({ helplines: OPERATOR_TEXT })
    const { client } = await server.signedInClient('operator-help')
    const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Dublin' } }))
    const turn = await say(client, recap.conversationId, 'I want to end my life')
    expect(turn.done).toMatchObject({ help: true, message: { content: crisisReply(OPERATOR_TEXT) } })
    expect(turn.done!.message.content).toContain(OPERATOR_TEXT)
  })

  it('is no text at all when left blank, so the built-in table applies', () => {
    for (const blank of ['', '   ']) expect(testConfig({ OLO_HELPLINES: blank }).olo.helplines).toBeNull()
    expect(testConfig().olo.helplines).toBeNull()
  })
})
