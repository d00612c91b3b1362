import { expect, it } from 'vitest'
import { offlineAnswerKey } from './offline-answers'

const key = (path: string, method = 'GET') => offlineAnswerKey(new URL(path, 'https://lumin.example'), method)

it('keeps only who is signed in, the weekly home and the dashboard, one copy each whatever the query', () => {
  expect(key('/api/session')).toBe('https://lumin.example/api/session')
  expect(key('/api/weekly?timeZone=Europe%2FParis')).toBe('https://lumin.example/api/weekly')
  expect(key('/api/weekly?timeZone=Asia%2FTokyo')).toBe('https://lumin.example/api/weekly')
  expect(key('/api/journey')).toBe('https://lumin.example/api/journey')
})

it('keeps nothing a member wrote or said, and no answer to a change', () => {
  for (const path of ['/api/journal', '/api/check-ins', '/api/conversations/1/messages', '/api/journey/paths', '/api/weekly/recap', '/api/account/export', '/weekly-dashboard']) {
    expect(key(path), path).toBeNull()
  }
  expect(key('/api/weekly', 'POST')).toBeNull()
  expect(key('/api/session', 'DELETE')).toBeNull()
})
