import { expect, it } from 'vitest'
import { reminderMessage } from '~/core/reminders'
import { reminderNotification, reminderPath } from './reminder-notification'

const ORIGIN = 'https://lumin.example'

it('shows a reminder’s own words with Lumin’s icon, tagged by its screen, the screen in its data', () => {
  const message = reminderMessage('check-in', null)
  expect(reminderNotification(JSON.stringify(message), ORIGIN)).toEqual({
    title: 'How are you today?',
    options: { body: message.body, icon: '/icons/icon-192.png', tag: 'reminder:/weekly-dashboard', data: { path: '/weekly-dashboard' } },
  })
  const practice = reminderNotification(JSON.stringify({ title: 'Two minutes of Box breathing?', body: 'Your Mind path is waiting.', url: '/threshold/3' }), ORIGIN)
  expect(practice.options).toMatchObject({ tag: 'reminder:/threshold/3', data: { path: '/threshold/3' } })
})

it('two reminders of the same screen share a tag, so the newer replaces the older; other screens keep their own', () => {
  const tag = (url: string) => reminderNotification(JSON.stringify({ title: 'A', body: 'B', url }), ORIGIN).options.tag
  expect(tag('/recap-conversation')).toBe(tag('/recap-conversation'))
  expect(tag('/recap-conversation')).not.toBe(tag('/weekly-dashboard'))
})

it('opens only a path of this app; any other address opens the weekly home', () => {
  expect(reminderPath('/threshold/2?from=push#top', ORIGIN)).toBe('/threshold/2?from=push#top')
  for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'threshold/2', '', null, 42, { href: '/x' }]) {
    expect(reminderPath(url, ORIGIN), String(url)).toBe('/weekly-dashboard')
  }
})

it('a push that is not a reminder shows a plain Lumin notification that opens the weekly home', () => {
  const plain = { title: 'Lumin', options: { body: 'Open Lumin to see what is waiting for you.', icon: '/icons/icon-192.png', tag: 'reminder:/weekly-dashboard', data: { path: '/weekly-dashboard' } } }
  for (const payload of [null, '', 'not json', '42', 'null', '[]', JSON.stringify({ title: 'Only a title' }), JSON.stringify({ title: 7, body: [], url: '/stats' }), JSON.stringify({ title: '  ', body: 'x' })]) {
    expect(reminderNotification(payload, ORIGIN), String(payload)).toEqual(plain)
  }
})

it('cuts words too long for a notification', () => {
  const long = reminderNotification(JSON.stringify({ title: 'a'.repeat(500), body: 'b'.repeat(5000), url: '/stats' }), ORIGIN)
  expect(long.title).toHaveLength(120)
  expect(long.options.body).toHaveLength(400)
})
