import { describe, expect, it } from 'vitest'
import { countryInSentence, HELP_COUNTRIES, HELP_COUNTRIES_BY_NAME, HELPLINES, helpTextParts, smsHref, suggestHelpCountry, telHref } from './helplines'

/** The countries issue 26 asks the table to have, at least. */
const REQUIRED = ['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'ES', 'MX', 'FR', 'BE', 'CH', 'DE', 'AT', 'NL', 'PT', 'BR', 'IT']

const entries = HELP_COUNTRIES.flatMap((country) => HELPLINES[country].lines.map((line) => ({ country, line })))

describe('the helplines table', () => {
  it('has every country the issue names, each with at least one line and its emergency number', () => {
    expect([...HELP_COUNTRIES].sort()).toEqual(expect.arrayContaining(REQUIRED.sort()))
    for (const country of HELP_COUNTRIES) {
      expect(HELPLINES[country].lines.length, country).toBeGreaterThan(0)
      expect(telHref(HELPLINES[country].emergency), country).toMatch(/^tel:\d{3}$/)
    }
  })

  it.each(entries)('$country: $line.name can be called or texted, with a valid tel: or sms: address', ({ line }) => {
    expect(line.call ?? line.text, 'a number to call or text').toBeDefined()
    if (line.call) {
      expect(line.call).toMatch(/^[\d ]+$/)
      expect(telHref(line.call)).toMatch(/^tel:\d{3,12}$/)
    }
    if (line.text) expect(smsHref(line.text)).toMatch(/^sms:\d{3,12}(?:\?&body=[A-Z]+)?$/)
  })

  it.each(entries)('$country: $line.name has its own page and the page its number was taken from', ({ line }) => {
    expect(new URL(line.url).protocol).toBe('https:')
    expect(['http:', 'https:']).toContain(new URL(line.source).protocol)
    expect(line.name.trim()).not.toBe('')
  })

  it('says hours and notes in a few words, when it says them', () => {
    for (const { line } of entries) {
      for (const words of [line.hours, line.note]) if (words !== undefined) expect(words).toMatch(/^[A-Z][^.]{2,40}$/)
    }
  })

  it('writes the addresses a phone needs', () => {
    expect(telHref('0800 111 0 111')).toBe('tel:08001110111')
    expect(smsHref({ to: '85258', body: 'SHOUT' })).toBe('sms:85258?&body=SHOUT')
    expect(smsHref({ to: '0477 13 11 14' })).toBe('sms:0477131114')
  })

  it('names countries as a list and a sentence do', () => {
    expect(countryInSentence('GB')).toBe('the United Kingdom')
    expect(countryInSentence('ES')).toBe('Spain')
    expect(HELP_COUNTRIES_BY_NAME.slice(0, 3)).toEqual(['AU', 'AT', 'BE'])
    expect(HELP_COUNTRIES_BY_NAME).toHaveLength(HELP_COUNTRIES.length)
  })
})

describe("an operator's help text", () => {
  it('turns every number and web address into a link, and leaves the words as they are', () => {
    const text = 'In danger now? Call 112. Samaritans answer on 116 123, 24 hours a day; in the Netherlands, 0800-0113. Elsewhere, findahelpline.com or www.samaritans.org/ireland.'
    expect(helpTextParts(text)).toEqual([
      { text: 'In danger now? Call ' },
      { text: '112', href: 'tel:112' },
      { text: '. Samaritans answer on ' },
      { text: '116 123', href: 'tel:116123' },
      { text: ', 24 hours a day; in the Netherlands, ' },
      { text: '0800-0113', href: 'tel:08000113' },
      { text: '. Elsewhere, ' },
      { text: 'findahelpline.com', href: 'https://findahelpline.com' },
      { text: ' or ' },
      { text: 'www.samaritans.org/ireland', href: 'https://www.samaritans.org/ireland' },
      { text: '.' },
    ])
    expect(helpTextParts('Talk to someone you trust.')).toEqual([{ text: 'Talk to someone you trust.' }])
  })
})

describe('the country the browser suggests', () => {
  it.each([
    ['Europe/London', ['en-GB'], 'GB'],
    ['Europe/Madrid', ['en-US'], 'ES'],
    ['America/Sao_Paulo', ['pt-BR'], 'BR'],
    ['America/Indiana/Indianapolis', ['en-US'], 'US'],
    ['America/Toronto', ['fr-CA'], 'CA'],
    ['Australia/Perth', ['en-AU'], 'AU'],
    ['Pacific/Auckland', ['en'], 'NZ'],
    ['Atlantic/Canary', ['es'], 'ES'],
    ['Europe/Zurich', ['de-CH'], 'CH'],
    ['America/Mexico_City', ['es-419'], 'MX'],
  ] as const)('%s with %j suggests %s', (timeZone, languages, country) => {
    expect(suggestHelpCountry({ timeZone, languages })).toBe(country)
  })

  it('goes by where the device is, not the language it speaks', () => {
    expect(suggestHelpCountry({ timeZone: 'Europe/Lisbon', languages: ['pt-BR'] })).toBe('PT')
    expect(suggestHelpCountry({ timeZone: 'America/New_York', languages: ['en-GB'] })).toBe('US')
  })

  it('reads the language only when the time zone says nothing of a place', () => {
    expect(suggestHelpCountry({ timeZone: 'UTC', languages: ['en-GB'] })).toBe('GB')
    expect(suggestHelpCountry({ timeZone: 'Etc/GMT+3', languages: ['de', 'de-AT'] })).toBe('AT')
    expect(suggestHelpCountry({ languages: ['nl-BE'] })).toBe('BE')
    expect(suggestHelpCountry({ timeZone: 'UTC', languages: ['en', 'fr'] })).toBeNull()
  })

  it('suggests nothing for a place the table has no helplines for', () => {
    expect(suggestHelpCountry({ timeZone: 'Europe/Warsaw', languages: ['en-GB'] })).toBeNull()
    expect(suggestHelpCountry({ timeZone: 'Asia/Tokyo', languages: ['en-US'] })).toBeNull()
  })
})
