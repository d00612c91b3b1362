/**
 * Letters of other scripts that look like a Latin letter or digit, so "kіll" typed with a Cyrillic і reads as "kill"
 * (docs/decisions/0013-crisis-check-languages-and-tricks.md). Derived from Unicode's confusables.txt (UTS #39,
 * version 13.0.0; © Unicode, Inc., Unicode License): every code point of the Latin, Greek, Coptic, Cyrillic, Armenian,
 * Cherokee and Lisu scripts whose prototype is one Latin letter or digit, keyed by its lowercase form because the text is
 * lowercased first. A lowercase letter with no prototype of its own takes its capital's ("к" from "К"). Left out:
 * characters NFKC already turns into Latin (fullwidth, mathematical and enclosed letters), accented Latin letters (their
 * marks are removed instead), and scripts nobody disguises Latin with. Small capitals ("ᴋɪʟʟ ᴍʏsᴇʟꜰ") are added by
 * hand for the letters confusables.txt leaves out (ᴀ ʙ ᴅ ᴇ ꜰ ɢ ʜ ᴊ ᴋ ʟ ᴍ ɴ ᴘ ꞯ ᴛ): they are a font trick of their own.
 */
const LOOKALIKES_BY_LETTER: Readonly<Record<string, string>> = {
  '2': 'ƨϩꙅꝛ',
  '3': 'ȝɜʒзӡⳍꝫ𝈆',
  '4': 'ꮞ',
  '6': 'бⳓꮾ',
  '7': '𝈒',
  '8': 'ȣ',
  '9': 'ⳋꝯ',
  a: 'ɑαаꓮꭺᴀ',
  b: 'ƅβвьᏼꓐꞵꮟʙ',
  c: 'сᴄⲥꓚꮯ',
  d: 'ԁꓒꓓꭰꮷᴅ',
  e: 'εеҽꓰꬲꭼᴇ',
  f: 'ϝքẝꓝꞙꬵ𝈓ꜰ',
  g: 'ƍɡԍցᏻᶃꓖꮐɢ',
  h: 'ηнһհⲏꓧꮋꮒʜ',
  i: 'ıɩɪιіӏꙇꭵ',
  j: 'ʝϳјꓙꭻᴊ',
  k: 'κкⲕꓗꮶᴋ',
  l: 'ǀⲓⳑꓡꓲꮮ𝈪ʟ',
  m: 'μϻмⲙꓟꮇᴍ',
  n: 'ոռⲛꓠɴ',
  o: 'οσоօᴏᴑⲟꓳꬽ',
  p: 'ρрⲣꓑꮲᴘ',
  q: 'ԛգզꞯ',
  r: 'ʀгᴦⲅꓣꭇꭈꭱꮁꮢ𝈖',
  s: 'ƽѕտꓢꜱꮥꮪ',
  t: 'τтⲧꓔꭲᴛ',
  u: 'ʋυսᴜꓴꞟꭎꭒ',
  v: 'νѵᴠꓦꮩ𝈍',
  w: 'ɯѡԝաᴡꓪꮃꮤ',
  x: 'χхⲭꓫꭓ',
  y: 'ɣʏγуүᶌỿⲩꓬꭚꭹꮍ',
  z: 'ζᴢꓜꮓ',
}

/** Each look-alike and the Latin letter or digit it reads as. */
export const LATIN_LOOKALIKES: ReadonlyMap<string, string> = new Map(
  Object.entries(LOOKALIKES_BY_LETTER).flatMap(([letter, lookalikes]) => [...lookalikes].map((lookalike) => [lookalike, letter] as const)),
)
