/**
 * Where "Open your mail app" leads after a sign-up (docs/decisions/0056): the web mail of the providers most of
 * Lumin's members use, by the address's domain. On a phone each address opens the provider's app when it is
 * installed. A domain not here gets no button rather than a guess.
 */
const MAIL_APPS: readonly { name: string; url: string; domains: readonly string[] }[] = [
  { name: 'Gmail', url: 'https://mail.google.com/mail/', domains: ['gmail.com', 'googlemail.com'] },
  {
    name: 'Outlook',
    url: 'https://outlook.live.com/mail/',
    domains: ['outlook.com', 'outlook.fr', 'outlook.de', 'outlook.es', 'outlook.it', 'hotmail.com', 'hotmail.co.uk', 'hotmail.fr', 'hotmail.de', 'hotmail.es', 'hotmail.it', 'live.com', 'live.co.uk', 'live.fr', 'live.de', 'live.nl', 'msn.com'],
  },
  { name: 'Yahoo Mail', url: 'https://mail.yahoo.com/', domains: ['yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'yahoo.es', 'yahoo.it', 'ymail.com'] },
  { name: 'iCloud Mail', url: 'https://www.icloud.com/mail/', domains: ['icloud.com', 'me.com', 'mac.com'] },
  { name: 'Proton Mail', url: 'https://mail.proton.me/', domains: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'] },
  { name: 'GMX', url: 'https://www.gmx.net/', domains: ['gmx.de', 'gmx.net', 'gmx.at', 'gmx.ch'] },
  { name: 'GMX', url: 'https://www.gmx.com/', domains: ['gmx.com'] },
  { name: 'WEB.DE', url: 'https://web.de/', domains: ['web.de'] },
  { name: 'Orange', url: 'https://messagerie.orange.fr/', domains: ['orange.fr', 'wanadoo.fr'] },
  { name: 'Free', url: 'https://webmail.free.fr/', domains: ['free.fr'] },
  { name: 'AOL Mail', url: 'https://mail.aol.com/', domains: ['aol.com'] },
]

/** The mail app an address most likely lives in, or null when its domain says nothing Lumin knows. */
export function mailAppFor(email: string): { name: string; url: string } | null {
  const domain = email.trim().toLowerCase().split('@').at(-1)
  if (!domain || !email.includes('@')) return null
  const app = MAIL_APPS.find((candidate) => candidate.domains.includes(domain))
  return app ? { name: app.name, url: app.url } : null
}
