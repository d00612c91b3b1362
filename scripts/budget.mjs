import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Fails when the JavaScript that / loads before it can show anything passes its gzip budget (docs/product.md#budgets),
 * or the typeface it preloads passes its own (docs/decisions/0021).
 */
const BUDGET_KB = 150
const FONT_BUDGET_KB = 32
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

if (kb > BUDGET_KB || fontKb > FONT_BUDGET_KB) {
  if (kb > BUDGET_KB) console.error(`budget: JavaScript over by ${(kb - BUDGET_KB).toFixed(1)} KB`)
  if (fontKb > FONT_BUDGET_KB) console.error(`budget: typeface over by ${(fontKb - FONT_BUDGET_KB).toFixed(1)} KB`)
  process.exit(1)
}
