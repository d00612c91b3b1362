import { expect, it } from 'vitest'
import { keptDevice, needsHomeScreen } from './push-on-this-device'

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'
const IPAD_SAFARI = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1'
// iPadOS asks for desktop sites by default: the same words as a Mac's Safari.
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0'

it('on iPhone and iPad, in the browser, push needs Lumin on the home screen', () => {
  for (const userAgent of [IPHONE_SAFARI, IPHONE_CHROME, IPAD_SAFARI]) expect(needsHomeScreen({ userAgent, maxTouchPoints: 5, standalone: false }), userAgent).toBe(true)
  expect(needsHomeScreen({ userAgent: MAC_SAFARI, maxTouchPoints: 5, standalone: false }), 'iPad as a Mac').toBe(true)
})

it('opened from the home screen, an iPhone or iPad needs nothing more', () => {
  for (const userAgent of [IPHONE_SAFARI, IPAD_SAFARI, MAC_SAFARI]) expect(needsHomeScreen({ userAgent, maxTouchPoints: 5, standalone: true }), userAgent).toBe(false)
})

it('a Mac, Android or Windows browser pushes from the browser itself', () => {
  expect(needsHomeScreen({ userAgent: MAC_SAFARI, maxTouchPoints: 0, standalone: false })).toBe(false)
  expect(needsHomeScreen({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, standalone: false })).toBe(false)
  expect(needsHomeScreen({ userAgent: WINDOWS_EDGE, maxTouchPoints: 10, standalone: false })).toBe(false)
})

it('reads back only a device this app kept', () => {
  const id = '7f1c1a52-3c39-4c55-8d5e-0c6a1f0d9d11'
  expect(keptDevice(JSON.stringify({ endpoint: 'https://push.example/1', id }))).toEqual({ endpoint: 'https://push.example/1', id })
  for (const stored of [null, '', '{', 'null', '"x"', '{"endpoint":1,"id":"a"}', '{"endpoint":"https://push.example/1"}']) expect(keptDevice(stored), String(stored)).toBeNull()
})
