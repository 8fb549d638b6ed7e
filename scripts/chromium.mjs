// @ts-check
/**
 * Finds the system Chromium the browser tests and the benchmark drive (Playwright's own browser
 * downloads are not used). Order: CHROME_PATH, then `chromium` / `chromium-browser` on PATH.
 * With --install, installs Debian's package when missing and running as root.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** @returns {string | undefined} */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const path = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim()
      if (path) return path
    } catch {
      // not on PATH; try the next name
    }
  }
  return undefined
}

/** Flags for a headless run on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The browser window's own WebUI (the omnibox popup, rendered ahead in a renderer process of
 * its own) takes most of a second of CPU during some page loads: on two cores, that made the
 * bench's figures swing. The bench turns it off.
 */
export const BROWSER_UI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
]

/**
 * `flags` with `features` added to their --disable-features list, or to a new one: Chromium
 * reads only the last --disable-features flag, so a second one would undo the first.
 * @param {string[]} flags
 * @param {string[]} features
 * @returns {string[]}
 */
export function withDisabledFeatures(flags, features) {
  const prefix = '--disable-features='
  const existing = flags.find((flag) => flag.startsWith(prefix))
  if (!existing) return [...flags, prefix + features.join(',')]
  return flags.map((flag) => (flag === existing ? [flag, ...features].join(',') : flag))
}

/** The Chromium path, installing Debian's package first when it is missing and we are root. */
export function ensureChromium() {
  const found = findChromium()
  if (found) return found
  const command = 'apt-get update && apt-get install -y chromium'
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is needed for the browser tests. Install it with:\n  sudo ${command}`)
    process.exit(1)
  }
  console.log(`Chromium not found: installing Debian's package (${command})`)
  execFileSync('sh', ['-c', command], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  const installed = findChromium()
  if (!installed) {
    console.error('Chromium is still missing after the install.')
    process.exit(1)
  }
  return installed
}
