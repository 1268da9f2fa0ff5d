import { existsSync } from 'node:fs'

/**
 * The browser every tool here drives: Debian's Chromium unless
 * CHROMIUM_PATH names another (Playwright cannot download one on these
 * machines), with the flags that keep it quiet and off the network.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
