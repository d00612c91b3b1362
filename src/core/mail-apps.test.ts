import { describe, expect, it } from 'vitest'
import { mailAppFor } from './mail-apps'

describe('mailAppFor', () => {
  it.each([
    ['sam@gmail.com', 'Gmail'],
    ['Sam@GoogleMail.com ', 'Gmail'],
    ['sam@hotmail.fr', 'Outlook'],
    ['sam@outlook.com', 'Outlook'],
    ['sam@live.com', 'Outlook'],
    ['sam@yahoo.co.uk', 'Yahoo Mail'],
    ['sam@me.com', 'iCloud Mail'],
    ['sam@icloud.com', 'iCloud Mail'],
    ['sam@proton.me', 'Proton Mail'],
    ['sam@gmx.de', 'GMX'],
    ['sam@web.de', 'WEB.DE'],
    ['sam@orange.fr', 'Orange'],
  ])('guesses %s lives in %s', (email, name) => {
    expect(mailAppFor(email)?.name).toBe(name)
  })

  it('gives an https address for each guess', () => {
    expect(mailAppFor('sam@gmail.com')?.url).toBe('https://mail.google.com/mail/')
    expect(mailAppFor('sam@gmx.com')?.url).toBe('https://www.gmx.com/')
  })

  it('guesses nothing for a domain it does not know, or no address at all', () => {
    expect(mailAppFor('sam@example.com')).toBeNull()
    expect(mailAppFor('sam@mail.gmail.com.evil.example')).toBeNull()
    expect(mailAppFor('gmail.com')).toBeNull()
    expect(mailAppFor('')).toBeNull()
  })
})
