import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findChromium, findJava, findNginx, findTestBrowser, headlessShellName, isExecutable } from './chromium'

/**
 * The first step of `npm test`: make sure the browser tests have a Chromium
 * that starts, as `playwright install --with-deps` would for Playwright's own
 * browsers. On Debian as root it installs Debian's package and its headless
 * shell, which the browser tests run in (and nginx, which
 * the deploy test runs, a JRE for the HTML check, ffmpeg and shellcheck for
 * the tests of the video import and the deploy hook) and says so; anywhere else it stops at once with one
 * line saying what to install, before minutes of other tests run.
 */

const canInstall = process.platform === 'linux' && existsSync('/etc/debian_version') && process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0

function usable(path: string | undefined): boolean {
  return Boolean(path) && isExecutable(path!) && spawnSync(path!, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0
}

function install(packages: string[], why: string): void {
  console.log(`${why}: installing Debian's ${packages.join(' and ')} (apt-get install -y ${packages.join(' ')})...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env })
    if (run.status !== 0) fail(`apt-get ${args.join(' ')} failed (exit ${run.status}).`)
  }
}

function fail(line: string): never {
  console.error(line)
  process.exit(1)
}

const given = process.env.CHROMIUM_PATH
if (given) {
  if (!usable(given)) fail(`CHROMIUM_PATH=${given} is not a Chromium that starts: point it at a working chromium (or chrome) binary, or unset it to use the one on PATH.`)
} else if (!usable(findChromium())) {
  if (!canInstall) {
    fail('The browser tests need Chromium: install it (Debian/Ubuntu: apt-get install chromium; macOS: brew install --cask chromium) and, if it is not on PATH as chromium, set CHROMIUM_PATH=/path/to/chromium.')
  }
  install(['chromium', headlessShellName, ...(findNginx() ? [] : ['nginx'])], 'No Chromium found for the browser tests')
  if (!usable(findChromium())) fail("Debian's chromium package was installed, but no chromium starts: set CHROMIUM_PATH=/path/to/chromium.")
}
// The browser tests' own browser (findTestBrowser): Chromium's headless shell, for about a third less CPU than Chromium.
if (!given && findTestBrowser() === findChromium()) {
  if (canInstall) install([headlessShellName], 'No Chromium headless shell for the browser tests')
  else console.log(`Chromium's headless shell is not installed: the browser tests run in Chromium, which takes about a third more CPU (Debian/Ubuntu: apt-get install ${headlessShellName}).`)
}
if (!given && !usable(findTestBrowser())) fail(`${findTestBrowser()} does not start: remove it, or set CHROMIUM_PATH=/path/to/chromium to run the browser tests in another browser.`)
if (!findNginx()) {
  if (canInstall) install(['nginx'], 'No nginx found for the deploy tests (tests/e2e/nginx.spec.ts, deploy.spec.ts)')
  else console.log('nginx is not installed: tests/e2e/nginx.spec.ts and deploy.spec.ts, which run deploy/nginx.conf, will be skipped (apt-get install nginx to run them).')
}
if (!findJava()) {
  if (canInstall) install(['default-jre-headless'], 'No Java found for the HTML check (tests/e2e/html-valid.spec.ts, vnu-jar)')
  else fail('The HTML check (tests/e2e/html-valid.spec.ts) needs Java 11 or newer: install a JRE (Debian/Ubuntu: apt-get install default-jre-headless; macOS: brew install openjdk) or set JAVA_HOME.')
}
// The studio's video import (tests/unit/studio/server/media-import.test.ts)
// and the deploy hook's shell check (post-receive.test.ts) run the real
// tools; without them those tests are skipped, and CI would never run them.
const tools = [
  { command: 'ffmpeg', args: ['-version'], pkg: 'ffmpeg' },
  { command: 'ffprobe', args: ['-version'], pkg: 'ffmpeg' },
  { command: 'shellcheck', args: ['--version'], pkg: 'shellcheck' },
  // The deploy tests sign developers' commits with SSH keys, as README asks them to.
  { command: 'ssh-keygen', args: ['-?'], pkg: 'openssh-client', ok: [0, 1] },
]
const missing = [...new Set(tools.filter((tool: { command: string; args: string[]; ok?: number[] }) => !(tool.ok ?? [0]).includes(spawnSync(tool.command, tool.args, { stdio: 'ignore' }).status ?? -1)).map(({ pkg }) => pkg))]
if (missing.length) {
  if (canInstall) install(missing, 'Missing for the video import and deploy hook tests')
  else console.log(`${missing.join(' and ')} not installed: the tests that need them (video import, the deploy hook's shell check) will be skipped.`)
}
