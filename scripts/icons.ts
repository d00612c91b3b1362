/**
 * Draws Lumin's app icons (src/web/public/icons/*.png) from their two SVG sources in the same folder, in Chromium, so
 * every size is the same picture, then reduces them to a palette with pngquant (`apt-get install pngquant`): a phone
 * downloads them as it loads the app, and the gradients kept all their colours at six times the bytes
 * (docs/decisions/0045). Run after changing a source: `npx tsx scripts/icons.ts`.
 */
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './browser.mjs'

const folder = new URL('../src/web/public/icons/', import.meta.url)

/** The rounded icon for launchers that show an icon as it is; the full-bleed one for those that cut their own shape. */
const ICONS = [
  { source: 'lumin.svg', file: 'icon-192.png', size: 192 },
  { source: 'lumin.svg', file: 'icon-512.png', size: 512 },
  { source: 'lumin-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  // iOS rounds the corners itself and shows transparency as black.
  { source: 'lumin-maskable.svg', file: 'apple-touch-icon.png', size: 180 },
]

const browser = await chromium.launch({ executablePath: (await findChromium()) ?? undefined, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage()
  for (const { source, file, size } of ICONS) {
    await page.setViewportSize({ width: size, height: size })
    const svg = (await readFile(new URL(source, folder))).toString('base64')
    await page.setContent(`<body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${svg}" width="${size}" height="${size}"></body>`)
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
    const path = fileURLToPath(new URL(file, folder))
    await writeFile(path, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }))
    execFileSync('pngquant', ['--quality=70-95', '--speed=1', '--strip', '--force', '--ext', '.png', path])
    console.log(`${file}: ${size}×${size}`)
  }
} finally {
  await browser.close()
}
