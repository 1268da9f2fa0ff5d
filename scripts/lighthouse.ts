/**
 * Lighthouse figures for the bench: mobile scores, LCP and CLS per route,
 * and the LCP of the same prerendered HTML with its scripts removed (the
 * static-HTML limit), measured side by side in one run.
 *
 * Lighthouse is not a dependency: it runs through `npx lighthouse@12.8.2`
 * (the last line that runs cleanly on Node 20) with the system Chromium.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { listFiles } from '../src/compiler/index'
import { createStaticServer } from '../src/serve/static-server'
import { chromiumArgs, chromiumPath } from './chromium'

export interface LighthouseResult {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  /** The speed index Lighthouse scores (simulated). */
  speedIndexMs: number
  /** When the run's own trace first showed the page painted, unthrottled:
   *  Lighthouse's simulated speed index is estimated from it, so a first
   *  frame this run was slow to show costs score a visitor never sees
   *  (docs/measurements.md, "Lighthouse's held first frame"). */
  observedFirstPaintMs: number
}

const chromeFlags = ['--headless=new', ...chromiumArgs]
const run = promisify(execFile)

/**
 * One Lighthouse run. Asynchronous on purpose: the pages are served from
 * this same process, and a synchronous child process would block the event
 * loop that answers Lighthouse's requests.
 */
export async function runLighthouse(url: string): Promise<LighthouseResult> {
  const out = join(mkdtempSync(join(tmpdir(), 'lh-')), 'report.json')
  try {
    await run(
      'npx',
      ['-y', 'lighthouse@12.8.2', url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility,best-practices,seo', `--chrome-flags=${chromeFlags.join(' ')}`],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chromiumPath ?? '' }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
    )
  } catch (error) {
    throw new Error(`Lighthouse failed for ${url}: ${String((error as { stderr?: string }).stderr ?? error).slice(-500)}`)
  }
  if (!existsSync(out)) throw new Error(`Lighthouse wrote no report for ${url}`)
  const text = readFileSync(out, 'utf8')
  rmSync(dirname(out), { recursive: true, force: true })
  const report = JSON.parse(text) as {
    categories: Record<string, { score: number }>
    audits: Record<string, { numericValue: number; details?: { items?: { observedFirstContentfulPaint?: number }[] } }>
  }
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    speedIndexMs: report.audits['speed-index']?.numericValue ?? NaN,
    observedFirstPaintMs: report.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? NaN,
  }
}

/** `runs` Lighthouse runs one after another (never in parallel: they would
 *  slow each other down), and their median. */
export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseResult> {
  const results: LighthouseResult[] = []
  for (let i = 0; i < runs; i++) results.push(await runLighthouse(url))
  return median(results)
}

/** The median of several runs, figure by figure. */
export function median(results: LighthouseResult[]): LighthouseResult {
  const mid = <K extends keyof LighthouseResult>(key: K) => {
    const sorted = results.map((r) => r[key]).sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }
  return { performance: mid('performance'), accessibility: mid('accessibility'), bestPractices: mid('bestPractices'), seo: mid('seo'), lcpMs: mid('lcpMs'), cls: mid('cls'), speedIndexMs: mid('speedIndexMs'), observedFirstPaintMs: mid('observedFirstPaintMs') }
}

/** Serve dist/ and a copy of it with every script and modulepreload removed. */
export async function serveSiteAndStatic(dist: string) {
  const bare = mkdtempSync(join(tmpdir(), 'static-site-'))
  // dist/ is a link to the finished build (output-swap.ts): copy what it points at.
  cpSync(realpathSync(dist), bare, { recursive: true })
  for (const file of listFiles(bare).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8')
    writeFileSync(file, html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, ''))
  }
  const listen = async (dir: string) => {
    const server = createStaticServer(dir).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  }
  const site = await listen(dist)
  const plain = await listen(bare)
  return {
    site: site.base,
    plain: plain.base,
    close: () => {
      site.server.close()
      plain.server.close()
      rmSync(bare, { recursive: true, force: true })
    },
  }
}
