/**
 * `npm run studio`: a local app for writing pages in the browser, with the
 * real page beside the YAML. Dev only: nothing of it reaches dist/.
 * Options: --port <n> (default 5170), --root <project> (default this one).
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startStudio } from '../src/studio/server/server.ts'

const { values } = parseArgs({ options: { port: { type: 'string' }, root: { type: 'string' } } })
const root = resolve(values.root ?? join(import.meta.dirname, '..'))
const port = Number(values.port ?? process.env.STUDIO_PORT ?? 5170)
const studio = await startStudio({ root, port })
console.log(`Studio for ${join(root, 'pages')}: open ${studio.url} in your browser. Stop it with Ctrl+C.`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void studio.close().then(() => process.exit(0)))
}
