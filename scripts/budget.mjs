import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Fails when the JavaScript that / loads before it can show anything passes its gzip budget (docs/product.md#budgets),
 * the typeface it preloads passes its own (docs/decisions/0021), the daily check-in card adds more than its own to
 * the screens that show it (issue 15 §6, docs/decisions/0038), those two screens load zod before they can show
 * anything (a value imported from a module with request schemas brings it, about 14 KB gzip), or they open with more
 * scripts than their budget (each a request a phone waits on, docs/decisions/0049).
 */
const BUDGET_KB = 150
const FONT_BUDGET_KB = 32
const CHECK_IN_CARD_BUDGET_KB = 5
/** Scripts the weekly home and the dashboard load before they show, the card's included (docs/decisions/0049). */
const HOME_SCRIPTS_BUDGET = 8
const dist = 'dist/web'
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1])
if (scripts.length === 0) {
  console.error('budget: no scripts found in dist/web/index.html; build first (npx vite build)')
  process.exit(1)
}
let total = 0
for (const src of new Set(scripts)) {
  const size = gzipSync(readFileSync(join(dist, src))).length
  total += size
  console.log(`  ${src}  ${(size / 1024).toFixed(1)} KB gzip`)
}
const kb = total / 1024
console.log(`First-load JavaScript of /: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`)

// The typeface index.html preloads, counted as sent: a woff2 is compressed already, so it gains nothing from gzip.
const fonts = [...html.matchAll(/<link[^>]+rel="preload"[^>]+href="([^"]+\.woff2)"/g)].map((m) => m[1])
let fontTotal = 0
for (const href of new Set(fonts)) {
  const size = readFileSync(join(dist, href)).length
  fontTotal += size
  console.log(`  ${href}  ${(size / 1024).toFixed(1)} KB`)
}
const fontKb = fontTotal / 1024
console.log(`First-load typeface of /: ${fontKb.toFixed(1)} KB (budget ${FONT_BUDGET_KB} KB)`)

/*
 * What the check-in card adds to a screen that shows it, counted on the built chunk graph: every chunk the card's own
 * chunk needs (it and its static imports, followed through), but those the page loads anyway, that is what the entry
 * script and the screen's chunk need statically. A chunk the entry only imports dynamically counts: the shell loads the
 * check-ins' data for a signed-in member, but after the screen, and the card needs it before it can show anything.
 * Each chunk counts at its gzip size, as it is sent.
 */
const assets = readdirSync(join(dist, 'assets'))
const chunkNamed = (name) => {
  const file = assets.find((f) => f.endsWith('.js') && f.replace(/-[\w-]{8}\.js$/, '') === name)
  if (!file) {
    console.error(`budget: no chunk named ${name} in ${dist}/assets`)
    process.exit(1)
  }
  return `/assets/${file}`
}
/** A chunk and every chunk it imports statically (`import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`), not `import("./x.js")`. */
function staticClosure(start, seen = new Set()) {
  if (seen.has(start)) return seen
  seen.add(start)
  const code = readFileSync(join(dist, start), 'utf8')
  for (const [, file] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{][^"'();]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g)) {
    staticClosure(`/assets/${file}`, seen)
  }
  return seen
}
const gzipKb = (files) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0) / 1024
const entry = new Set(scripts.flatMap((src) => [...staticClosure(src)]))
const card = staticClosure(chunkNamed('CheckInCard'))
// Both screens open with the home's chunk (scripts/home-chunk.ts), so one count stands for the two.
const HOME = '/weekly-dashboard and /dashboard'
const loaded = new Set([...entry, ...staticClosure(chunkNamed('home'))])
const openingScripts = new Set([...loaded, ...card]).size
console.log(`${HOME} open with ${openingScripts} scripts (budget ${HOME_SCRIPTS_BUDGET})`)
const tooManyScripts = openingScripts > HOME_SCRIPTS_BUDGET
const withZod = [...loaded].some((file) => readFileSync(join(dist, file), 'utf8').includes('$ZodType'))
console.log(`${HOME} load zod before they show: ${withZod ? 'yes' : 'no'} (budget: no)`)
const added = [...card].filter((file) => !loaded.has(file))
const addedKb = gzipKb(added)
console.log(`The check-in card adds to ${HOME}: ${addedKb.toFixed(2)} KB gzip (budget ${CHECK_IN_CARD_BUDGET_KB} KB): ${added.map((f) => f.replace('/assets/', '')).join(', ')}`)
const cardOver = addedKb > CHECK_IN_CARD_BUDGET_KB

if (kb > BUDGET_KB || fontKb > FONT_BUDGET_KB || cardOver || withZod || tooManyScripts) {
  if (kb > BUDGET_KB) console.error(`budget: JavaScript over by ${(kb - BUDGET_KB).toFixed(1)} KB`)
  if (fontKb > FONT_BUDGET_KB) console.error(`budget: typeface over by ${(fontKb - FONT_BUDGET_KB).toFixed(1)} KB`)
  if (cardOver) console.error(`budget: the check-in card is over by ${(addedKb - CHECK_IN_CARD_BUDGET_KB).toFixed(2)} KB`)
  if (tooManyScripts) console.error(`budget: ${HOME} open with more than ${HOME_SCRIPTS_BUDGET} scripts; see scripts/home-chunk.ts`)
  if (withZod) console.error(`budget: ${HOME} load zod; import only types from modules with schemas`)
  process.exit(1)
}
