/**
 * One measurement of the project at `root` for scripts/bench-scale.ts,
 * printed as one JSON line (with the process's peak memory):
 *   build  npm run build into out/: its report, the JS files and the size of out/
 *   check  npm run check's work (the pages read and checked on every core)
 *   dev    the dev server: start to the first page's data served, then a
 *          page's YAML saved to its new data served
 * It runs in a child process of its own (bench-scale-child.mjs), from a
 * bundle, as `npm run build` and `npm run check` run: through tsx, the
 * loader's own memory would count as the build's.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildSite } from '../src/compiler/bundle/build-site'
import { createProgress } from '../src/compiler/progress/progress'
import { checkProject } from './check-project'
import { pageDataPathOf } from '../src/shared/routes'
import { median, shortRuns } from './bench-runs'

const peak = () => Math.round(process.resourceUsage().maxRSS / 1024)

export async function measureOnce(mode: string | undefined, root: string | undefined): Promise<void> {
  if (!root || !['build', 'check', 'dev'].includes(mode ?? '')) throw new Error('usage: node scripts/bench-scale-child.mjs build|check|dev PROJECT_ROOT')
  const progress = createProgress({ live: process.env.PROGRESS_LIVE === '1' })
  if (mode === 'build') {
    // Errors only: at this scale Vite's chunk-size and plugin-timing notes would bury the bench's table.
    const out = join(root, 'out')
    // once: as npm run build builds.
    const report = await buildSite({ root, outDir: out, logLevel: 'error', progress, once: true })
    const files = listFiles(out)
    console.log(JSON.stringify({ ...report, maxRssMB: peak(), jsFiles: files.filter((f) => f.endsWith('.js')).length, outBytes: files.reduce((sum, f) => sum + statSync(f).size, 0) }))
  } else if (mode === 'check') {
    const start = performance.now()
    const code = await checkProject(root)
    console.log(JSON.stringify({ ms: performance.now() - start, code, maxRssMB: peak() }))
  } else {
    console.log(JSON.stringify(await measureDev(root)))
  }
}

async function measureDev(root: string) {
  const start = performance.now()
  // Loaded here, as `npm run dev` loads them: the build and the check never do.
  const [{ createServer }, { siteViteConfig }] = await Promise.all([import('vite'), import('../src/compiler/bundle/vite-config')])
  // Its package cache in the project, as a project's own node_modules/.vite: the bench's copy links the real project's node_modules, whose cache it would otherwise replace.
  const server = await createServer({ ...siteViteConfig('serve', undefined, { root }), root, configFile: false, logLevel: 'silent', cacheDir: join(root, '.vite'), server: { port: 0, strictPort: false, host: '127.0.0.1' } })
  // Chokidar takes a while to watch 10,000 files; an author saves long after, and a save before would go unseen.
  // Bounded, as the wait for the edit below: a bench run once sat out its 6 minutes at 10,000 pages on one of them, saying nothing.
  const watching = within(120_000, 'the dev server never said it was watching pages/', new Promise((resolve) => server.watcher.once('ready', resolve)))
  await server.listen()
  const base = server.resolvedUrls!.local[0]!.replace(/\/$/, '')
  const route = '/gen/p1'
  const data = async () => (await (await fetch(`${base}/${pageDataPathOf(route)}`)).json()) as { title: string }
  await data()
  const firstMs = performance.now() - start
  await watching
  // The page saved with a new title, as an editor would; served when the dev server answers with it. A few times: one save's figure can be off by half here.
  const file = join(root, 'pages/gen/p1.yaml')
  const editRuns: number[] = []
  for (let n = 0; n < shortRuns; n++) {
    const title = `Edited ${Date.now()} ${n}`
    const saved = performance.now()
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${title}`))
    await within(60_000, 'the dev server never served the saved page', (async () => {
      while ((await data()).title !== title) await new Promise((resolve) => setTimeout(resolve, 10))
    })())
    editRuns.push(performance.now() - saved)
  }
  await server.close()
  return { firstMs, editMs: median(editRuns), editRuns, maxRssMB: peak() }
}

/** `promise`, or an error saying what did not happen within `ms`. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms)))
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}
