import { existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'

/** Flags Chromium needs on machines without a sandbox, a GPU or a network beyond loopback. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

/** Finds a Chromium: CHROME_PATH, then the system's, then Playwright's own download where one was installed. */
export async function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      candidates.push(execFileSync('which', [name], { encoding: 'utf8' }).trim())
    } catch {
      // not on PATH
    }
  }
  try {
    const { chromium } = await import('playwright-core')
    candidates.push(chromium.executablePath())
  } catch {
    // playwright-core without a downloaded browser
  }
  return candidates.find((path) => path && existsSync(path)) ?? null
}

export const HOW_TO_GET_CHROMIUM = `No Chromium was found for the browser tests. Get one of these, then run npm test again:
  • Debian or Ubuntu:   sudo apt-get install -y chromium
  • Fedora:             sudo dnf install chromium
  • macOS:              brew install --cask chromium
  • where downloads are allowed:  npx playwright install chromium
  • or point CHROME_PATH at any Chrome or Chromium binary.`
