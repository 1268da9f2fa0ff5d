import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/**
 * The browser every tool here drives: CHROMIUM_PATH when set, else the first
 * Chromium or Chrome on PATH (Debian's package puts /usr/bin/chromium there).
 * Playwright cannot download a browser of its own on these machines;
 * scripts/ensure-browser.ts installs Debian's when there is none.
 */
export const chromiumNames = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH
  return onPath(chromiumNames, env)
}

/** Debian's package of Chromium's headless shell, and the name of its binary. */
export const headlessShellName = 'chromium-headless-shell'

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else Chromium's
 * headless shell (the old headless mode, which Playwright's own headless
 * runs use), else Chromium. The shell draws the same pages without the
 * browser's windowing, for about a third less CPU on these 2-core machines
 * (docs/measurements.md, "The headless shell"). What needs the whole browser
 * (Lighthouse, the screenshots people look at, the bench) keeps
 * `chromiumPath`.
 */
export function findTestBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH
  return onPath([headlessShellName], env) ?? findChromium(env)
}

function onPath(names: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean)
  for (const name of names) {
    for (const dir of [...dirs, '/usr/bin']) {
      if (isExecutable(join(dir, name))) return join(dir, name)
    }
  }
  return undefined
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

export const chromiumPath = findChromium()
export const testBrowserPath = findTestBrowser()

/** Debian's nginx, which tests/e2e/nginx.spec.ts runs with deploy/nginx.conf; undefined when absent. */
export function findNginx(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find(isExecutable)
}

/** A java that starts, for the HTML check (tests/e2e/html-valid.spec.ts, vnu-jar); undefined when there is none. */
export function findJava(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.JAVA_HOME && join(env.JAVA_HOME, 'bin', 'java'), ...(env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'java')), '/usr/bin/java']
  return candidates.find((file): file is string => Boolean(file) && isExecutable(file!))
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
