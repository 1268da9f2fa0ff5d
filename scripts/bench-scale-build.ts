/**
 * Child process of scripts/bench-scale.ts, one measurement of the project at
 * argv[3] per run, printed as one JSON line (with the child's peak memory):
 *   build  npm run build into out/: its report, the JS files and the size of out/
 *   check  npm run check's work (the pages read and checked on every core)
 *   dev    the dev server: start to the first page's data served, then a
 *          page's YAML saved to its new data served
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer } from 'vite'
import { buildSite } from '../src/compiler/bundle/build-site'
import { createProgress } from '../src/compiler/progress/progress'
import { siteViteConfig } from '../src/compiler/bundle/vite-config'
import { checkProject } from './check-project'
import { pageDataPathOf } from '../src/shared/routes'

const [mode, root] = process.argv.slice(2)
if (!root || !['build', 'check', 'dev'].includes(mode ?? '')) throw new Error('usage: tsx scripts/bench-scale-build.ts build|check|dev PROJECT_ROOT')
const peak = () => Math.round(process.resourceUsage().maxRSS / 1024)
const progress = createProgress({ live: process.env.PROGRESS_LIVE === '1' })

if (mode === 'build') {
  // Errors only: at this scale Vite's chunk-size and plugin-timing notes would bury the bench's table.
  const out = join(root, 'out')
  const report = await buildSite({ root, outDir: out, logLevel: 'error', progress })
  const files = listFiles(out)
  console.log(JSON.stringify({ ...report, maxRssMB: peak(), jsFiles: files.filter((f) => f.endsWith('.js')).length, outBytes: files.reduce((sum, f) => sum + statSync(f).size, 0) }))
} else if (mode === 'check') {
  const start = performance.now()
  const code = await checkProject(root)
  console.log(JSON.stringify({ ms: performance.now() - start, code, maxRssMB: peak() }))
} else {
  const start = performance.now()
  const server = await createServer({ ...siteViteConfig('serve'), root, configFile: false, logLevel: 'silent', server: { port: 0, strictPort: false, host: '127.0.0.1' } })
  // Chokidar takes a while to watch 10,000 files; an author saves long after, and a save before would go unseen.
  const watching = new Promise((resolve) => server.watcher.once('ready', resolve))
  await server.listen()
  const base = server.resolvedUrls!.local[0]!.replace(/\/$/, '')
  const route = '/gen/p1'
  const data = async () => (await (await fetch(`${base}/${pageDataPathOf(route)}`)).json()) as { title: string }
  await data()
  const firstMs = performance.now() - start
  await watching
  // The page saved with a new title, as an editor would; served when the dev server answers with it.
  const file = join(root, 'pages/gen/p1.yaml')
  const title = `Edited ${Date.now()}`
  const saved = performance.now()
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${title}`))
  while ((await data()).title !== title) await new Promise((resolve) => setTimeout(resolve, 10))
  const editMs = performance.now() - saved
  await server.close()
  console.log(JSON.stringify({ firstMs, editMs, maxRssMB: peak() }))
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}
