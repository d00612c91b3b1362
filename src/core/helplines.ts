/*
 * The helplines of docs/product.md#help-card: a small table per country, the help card's, /safety's and the safety
 * plan's, with the rule that suggests a country from the browser (docs/decisions/0054). Free of zod: the help card
 * loads it wherever a crisis can be answered.
 *
 * Correcting an entry (README, Safety): change it here, keep its `source` the page that confirms it, and run
 * `npx vitest run src/core/helplines.test.ts`. An instance whose operator sets OLO_HELPLINES shows that text instead.
 */

export const HELP_COUNTRIES = ['AT', 'AU', 'BE', 'BR', 'CA', 'CH', 'DE', 'ES', 'FR', 'GB', 'IE', 'IT', 'MX', 'NL', 'NZ', 'PT', 'US'] as const
export type HelpCountry = (typeof HELP_COUNTRIES)[number]

interface Helpline {
  name: string
  /** The number to call, written as the country writes it; its digits are what a phone dials. */
  call?: string
  /** A number that takes texts, and the word to send where the service asks for one. */
  text?: { to: string; body?: string }
  /** When someone answers, where known; "Any time" is day and night, every day. */
  hours?: string
  /** What else to know before calling: the language answered in, who the line is for, a menu option. */
  note?: string
  url: string
  /** The page the number and hours were taken from. */
  source: string
}

export interface HelpCountryLines {
  /** In English, as a list shows it; `the` when a sentence needs the article ("in the United Kingdom"). */
  name: string
  the?: true
  /** The number for an ambulance or the police. */
  emergency: string
  lines: readonly Helpline[]
}

const ANY_TIME = 'Any time'

/**
 * Checked on the service's own or an official page in the stored copies of public pages available when this was
 * written (November 2026), except where a comment says otherwise. The emergency numbers: 911 (health.wyo.gov's 988
 * page, and gob.mx for Mexico's single number), 999 (giveusashout.org's FAQ), 000 (police.nsw.gov.au), 111
 * (police.govt.nz), 112 in every EU country (the European Commission, as news.lt printed it); Switzerland's 112 and
 * Brazil's 192 (SAMU) were not confirmed on an official page there.
 */
export const HELPLINES: Readonly<Record<HelpCountry, HelpCountryLines>> = {
  US: {
    name: 'United States',
    the: true,
    emergency: '911',
    lines: [
      {
        name: '988 Suicide & Crisis Lifeline',
        call: '988',
        text: { to: '988' },
        hours: ANY_TIME,
        url: 'https://988lifeline.org',
        source: 'https://health.wyo.gov/publichealth/prevention/wivpp/suicide-prevention/988-suicide-crisis-lifeline',
      },
      // Not found on crisistextline.org itself: a school district's page and Crisis Text Line UK's agree on it.
      {
        name: 'Crisis Text Line',
        text: { to: '741741', body: 'HOME' },
        hours: ANY_TIME,
        url: 'https://www.crisistextline.org',
        source: 'http://www.sfisd.net/apps/pages/index.jsp?uREC_ID=1473130&type=d&pREC_ID=1625729',
      },
    ],
  },
  CA: {
    name: 'Canada',
    emergency: '911',
    lines: [
      // 988.ca itself was not in the stored copies; the Canadian Mental Health Association's page and the Government of
      // Canada's launch statement say the same.
      {
        name: '9-8-8 Suicide Crisis Helpline',
        call: '988',
        text: { to: '988' },
        hours: ANY_TIME,
        url: 'https://988.ca',
        source: 'https://cmhasaskatoon.ca/9-8-8/',
      },
    ],
  },
  GB: {
    name: 'United Kingdom',
    the: true,
    emergency: '999',
    lines: [
      { name: 'Samaritans', call: '116 123', hours: ANY_TIME, url: 'https://www.samaritans.org', source: 'https://www.samaritans.org/how-we-can-help/contact-samaritan/' },
      { name: 'Shout', text: { to: '85258', body: 'SHOUT' }, hours: ANY_TIME, url: 'https://giveusashout.org', source: 'https://giveusashout.org/about-us/faq/' },
    ],
  },
  IE: {
    name: 'Ireland',
    emergency: '112',
    lines: [
      {
        name: 'Samaritans',
        call: '116 123',
        hours: ANY_TIME,
        url: 'https://www.samaritans.org/ireland/',
        source: 'https://www.samaritans.org/news/samaritans-ireland-responds-one-call-help-every-minute-last-year',
      },
      // Pieta's own site was not in the stored copies: its Wexford centre's manager gave both numbers to the press. The
      // word its text line asks for was not confirmed, so a text opens empty.
      {
        name: 'Pieta',
        call: '1800 247 247',
        text: { to: '51444' },
        hours: ANY_TIME,
        url: 'https://www.pieta.ie',
        source: 'http://www.pressreader.com/ireland/new-ross-standard/20200407/281878710488579',
      },
    ],
  },
  AU: {
    name: 'Australia',
    emergency: '000',
    lines: [
      {
        name: 'Lifeline',
        call: '13 11 14',
        text: { to: '0477 13 11 14' },
        hours: ANY_TIME,
        url: 'https://www.lifeline.org.au',
        source: 'https://lifeinmind.org.au/news/lifelines-crisis-text-service-now-available-24-7',
      },
    ],
  },
  NZ: {
    name: 'New Zealand',
    emergency: '111',
    lines: [
      {
        name: '1737, Need to talk?',
        call: '1737',
        text: { to: '1737' },
        hours: ANY_TIME,
        url: 'https://1737.org.nz',
        source: 'https://www.health.govt.nz/news-media/news-items/phone-counselling-service-busy-following-christchurch-tragedy',
      },
    ],
  },
  ES: {
    name: 'Spain',
    emergency: '112',
    lines: [
      // The Ministry's own page was not in the stored copies: RTVE reported its launch, free and answered day and night.
      {
        name: 'Línea 024',
        call: '024',
        hours: ANY_TIME,
        url: 'https://www.sanidad.gob.es',
        source: 'https://www.rtve.es/noticias/20220509/sanidad-presenta-telefono-prevencion-suicidio/2347183.shtml',
      },
      // Its hours were not confirmed.
      {
        name: 'Teléfono de la Esperanza',
        call: '717 003 717',
        url: 'https://telefonodelaesperanza.org',
        source: 'https://maldita.es/index.php/malditaciencia/20220510/024-numero-telefono-atencion-suicidio-espana-gratuito',
      },
    ],
  },
  MX: {
    name: 'Mexico',
    emergency: '911',
    lines: [
      // The Secretaría de Salud's own page was not in the stored copies: El Universal quoted its commission, CONASAMA.
      {
        name: 'Línea de la Vida',
        call: '800 911 2000',
        hours: ANY_TIME,
        url: 'https://www.gob.mx/conasama',
        source: 'https://www.eluniversal.com.mx/nacion/promueven-la-linea-de-la-vida-tras-presentar-encuesta-sobre-consumo-de-drogas-asi-puedes-pedir-ayuda/',
      },
    ],
  },
  FR: {
    name: 'France',
    emergency: '112',
    lines: [
      {
        name: '3114, numéro national de prévention du suicide',
        call: '3114',
        hours: ANY_TIME,
        url: 'https://3114.fr',
        source: 'https://www.mayotte.ars.sante.fr/3114-le-numero-national-de-prevention-du-suicide',
      },
      // Its hours were not confirmed, and the number only on a science centre's page, not on sos-amitie.com itself.
      {
        name: 'SOS Amitié',
        call: '09 72 39 40 50',
        url: 'https://www.sos-amitie.com',
        source: 'https://placedessciences.fr/nos-podcasts/les-maux-bleus/le-carillon-magique/',
      },
    ],
  },
  BE: {
    name: 'Belgium',
    emergency: '112',
    lines: [
      {
        name: 'Centre de Prévention du Suicide',
        call: '0800 32 123',
        hours: ANY_TIME,
        note: 'In French',
        url: 'https://www.preventionsuicide.be',
        source: 'http://www.preventionsuicide.be/fr/activitescps/ligne0800.html',
      },
      {
        name: 'Zelfmoordlijn 1813',
        call: '1813',
        hours: ANY_TIME,
        note: 'In Dutch',
        url: 'https://www.zelfmoord1813.be',
        source: 'https://nieuws.vtm.be/binnenland/67758-nieuw-nummer-zelfmoordlijn1813',
      },
    ],
  },
  CH: {
    name: 'Switzerland',
    emergency: '112',
    lines: [
      {
        name: 'Die Dargebotene Hand, La Main Tendue, Telefono Amico',
        call: '143',
        hours: ANY_TIME,
        url: 'https://www.143.ch',
        source: 'https://zuerich.143.ch/Service/FAQ',
      },
    ],
  },
  DE: {
    name: 'Germany',
    emergency: '112',
    lines: [
      {
        name: 'TelefonSeelsorge',
        call: '0800 111 0 111',
        hours: ANY_TIME,
        url: 'https://www.telefonseelsorge.de',
        source: 'http://www.ekkw.de./telefonseelsorge-seit-60-jahren-fuer-menschen-in-schwierigen-situationen-da',
      },
    ],
  },
  AT: {
    name: 'Austria',
    emergency: '112',
    lines: [{ name: 'TelefonSeelsorge', call: '142', hours: ANY_TIME, url: 'https://www.telefonseelsorge.at', source: 'https://www.katholisch.at/telefonseelsorge' }],
  },
  NL: {
    name: 'Netherlands',
    the: true,
    emergency: '112',
    lines: [
      // The foundation's own site was not in the stored copies: nu.nl and NRC reported its numbers from it.
      {
        name: '113 Zelfmoordpreventie',
        call: '0800 0113',
        hours: ANY_TIME,
        url: 'https://www.113.nl',
        source: 'https://www.nu.nl/binnenland/6062813/hulplijn-113-nu-ook-rechtstreeks-bereikbaar-voor-zelfmoordpreventie.html',
      },
    ],
  },
  PT: {
    name: 'Portugal',
    emergency: '112',
    lines: [
      {
        name: 'SNS 24, aconselhamento psicológico',
        call: '808 24 24 24',
        hours: ANY_TIME,
        note: 'Then choose option 4',
        url: 'https://www.sns24.gov.pt',
        source: 'https://www.sns24.gov.pt/en/servico/aconselhamento-psicologico-no-sns-24/',
      },
      // Its hours as TSF reported them in 2018; sosvozamiga.org itself was not in the stored copies.
      {
        name: 'SOS Voz Amiga',
        call: '213 544 545',
        hours: 'Every day, 4 pm to midnight',
        url: 'https://www.sosvozamiga.org',
        source: 'https://www.tsf.pt/portugal/artigo/ha-40-anos-que-a-sos-voz-amiga-ouve-quando-mais-ninguem-esta-disponivel/9972768',
      },
    ],
  },
  BR: {
    name: 'Brazil',
    emergency: '192',
    lines: [
      // cvv.org.br itself was not in the stored copies: the Ministry of Health's partnership made 188 free nationwide.
      {
        name: 'CVV, Centro de Valorização da Vida',
        call: '188',
        hours: ANY_TIME,
        url: 'https://cvv.org.br',
        source: 'http://www.jd1noticias.com/geral/ligacao-para-centro-de-valorizacao-da-vida-passa-a-ser-gratuita/53507/',
      },
    ],
  },
  IT: {
    name: 'Italy',
    emergency: '112',
    lines: [
      // Its president gave the number and hours to the press; telefonoamico.it itself was not in the stored copies.
      {
        name: 'Telefono Amico Italia',
        call: '02 2327 2327',
        hours: 'Every day, 10 am to midnight',
        url: 'https://www.telefonoamico.it',
        source: 'https://www.tpi.it/news/solo-a-natale-telefono-amico-20211215850521/',
      },
      {
        name: 'Telefono Azzurro',
        call: '19696',
        hours: ANY_TIME,
        note: 'For anyone under 18',
        url: 'https://azzurro.it',
        source: 'https://luccaindiretta.it/in-sociale/2017/11/15/telefono-azzurro-in-piazza-per-i-30-anni/106413',
      },
    ],
  },
}

/** The countries by their English names, as a list offers them. */
export const HELP_COUNTRIES_BY_NAME: readonly HelpCountry[] = [...HELP_COUNTRIES].sort((a, b) => HELPLINES[a].name.localeCompare(HELPLINES[b].name))

/** "the United Kingdom", "Spain": a country's name inside a sentence. */
export function countryInSentence(country: HelpCountry): string {
  const { name, the } = HELPLINES[country]
  return the ? `the ${name}` : name
}

/** A `tel:` address: the digits a phone dials, whatever spaces the number is written with. */
export function telHref(number: string): string {
  return `tel:${number.replace(/\D/g, '')}`
}

/** An `sms:` address with the word to send filled in; `?&body=` is the form both Android and iOS read. */
export function smsHref({ to, body }: { to: string; body?: string }): string {
  return `sms:${to.replace(/\D/g, '')}${body ? `?&body=${encodeURIComponent(body)}` : ''}`
}

/** A web address or a phone number in an operator's help text: each becomes a link. */
const LINKABLE = /(\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|info|eu|uk|ie|au|nz|ca|es|fr|be|ch|de|at|nl|pt|br|it|mx)\b(?:\/[^\s,;]*[^\s,;.!?])?|\+?\d(?:[ -]?\d){2,14})/i

/**
 * An operator's OLO_HELPLINES as the help card shows it: plain text, with every web address a link and every number
 * of three digits or more a `tel:` link, so that every number shown can be tapped (docs/decisions/0054).
 */
export function helpTextParts(text: string): { text: string; href?: string }[] {
  return text
    .split(LINKABLE)
    .map((part, index) => (index % 2 === 0 ? { text: part } : { text: part, href: /^\+?\d/.test(part) ? telHref(part) : `https://${part}` }))
    .filter((part) => part.text !== '')
}

/** Elsewhere, this site lists free, confidential helplines by country. */
export const FIND_A_HELPLINE = { name: 'findahelpline.com', url: 'https://findahelpline.com' } as const

// ─── The browser's suggestion ───────────────────────────────────────────────────────────────────────────────────────

/** Time zones by country; a name ending in '/' stands for every zone under it. */
const TIME_ZONES: Record<HelpCountry, string> = {
  US:
    'US/ America/Indiana/ America/Kentucky/ America/North_Dakota/ America/New_York America/Detroit America/Chicago America/Menominee America/Denver ' +
    'America/Boise America/Phoenix America/Los_Angeles America/Anchorage America/Juneau America/Sitka America/Metlakatla America/Yakutat America/Nome ' +
    'America/Adak America/Indianapolis America/Louisville America/Fort_Wayne America/Knox_IN America/Shiprock Pacific/Honolulu',
  CA:
    'Canada/ America/St_Johns America/Halifax America/Glace_Bay America/Moncton America/Goose_Bay America/Toronto America/Montreal America/Nipigon ' +
    'America/Thunder_Bay America/Iqaluit America/Pangnirtung America/Winnipeg America/Rainy_River America/Rankin_Inlet America/Resolute ' +
    'America/Cambridge_Bay America/Regina America/Swift_Current America/Edmonton America/Yellowknife America/Inuvik America/Vancouver ' +
    'America/Dawson_Creek America/Fort_Nelson America/Whitehorse America/Dawson America/Atikokan America/Blanc-Sablon America/Creston',
  MX:
    'Mexico/ America/Mexico_City America/Cancun America/Merida America/Monterrey America/Matamoros America/Chihuahua America/Ciudad_Juarez ' +
    'America/Ojinaga America/Mazatlan America/Bahia_Banderas America/Hermosillo America/Tijuana America/Ensenada America/Santa_Isabel',
  BR:
    'Brazil/ America/Sao_Paulo America/Noronha America/Belem America/Fortaleza America/Recife America/Araguaina America/Maceio America/Bahia ' +
    'America/Campo_Grande America/Cuiaba America/Santarem America/Porto_Velho America/Boa_Vista America/Manaus America/Eirunepe America/Rio_Branco ' +
    'America/Porto_Acre',
  GB: 'Europe/London Europe/Belfast GB GB-Eire',
  IE: 'Europe/Dublin Eire',
  AU: 'Australia/',
  NZ: 'Pacific/Auckland Pacific/Chatham NZ NZ-CHAT',
  ES: 'Europe/Madrid Atlantic/Canary Africa/Ceuta',
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  CH: 'Europe/Zurich',
  DE: 'Europe/Berlin Europe/Busingen',
  AT: 'Europe/Vienna',
  NL: 'Europe/Amsterdam',
  PT: 'Europe/Lisbon Atlantic/Madeira Atlantic/Azores Portugal',
  IT: 'Europe/Rome',
}

function countryOfTimeZone(timeZone: string): HelpCountry | undefined {
  return HELP_COUNTRIES.find((country) => TIME_ZONES[country].split(' ').some((zone) => (zone.endsWith('/') ? timeZone.startsWith(zone) : timeZone === zone)))
}

/** Zones that say nothing about where the device is. */
const NOWHERE = /^(?:UTC|GMT|UCT|Universal|Zulu|Greenwich|Etc\/.*)$/

/**
 * The country the browser suggests (decision 0054): its time zone says where the device is, so it decides
 * (Europe/Madrid → Spain, whatever the language); only when the zone says nothing (UTC, none), the first of the
 * browser's languages with a country of the table (en-GB → the United Kingdom). A zone in a country the table lacks
 * suggests nothing: numbers for another country would be no help there.
 */
export function suggestHelpCountry({ timeZone, languages }: { timeZone?: string; languages: readonly string[] }): HelpCountry | null {
  if (timeZone && !NOWHERE.test(timeZone)) return countryOfTimeZone(timeZone) ?? null
  for (const language of languages) {
    const region = language.split(/[-_]/).find((part, index) => index > 0 && /^[A-Za-z]{2}$/.test(part))?.toUpperCase()
    const country = HELP_COUNTRIES.find((code) => code === region)
    if (country) return country
  }
  return null
}
