/**
 * What `npm run studio` does, for the studio whose code is at `codeRoot`:
 * reads its options, starts the studio and stops it on Ctrl+C. The code's
 * folder is an argument, never this file's: run-studio.mjs runs a cached
 * bundle of this module from node_modules/.cache.
 * Options: --port <n> (default 5170), --root <project> (default the studio's own).
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line.ts'
import { startStudio } from '../src/studio/server/server.ts'

export async function runStudio(codeRoot: string, args: string[]): Promise<void> {
  const { values } = readArguments(() => parseArgs({ args, options: { port: { type: 'string' }, root: { type: 'string' } } }), 'npm run studio -- [--port <number>] [--root <project folder>]')
  const root = resolve(values.root ?? codeRoot)
  const given = values.port ?? process.env.STUDIO_PORT ?? '5170'
  const port = Number(given)
  if (!/^\d+$/.test(given) || port > 65535) {
    console.error(`--port ${given}: a port is a whole number from 1 to 65535 (0 picks a free one).`)
    process.exit(2)
  }
  let studio: Awaited<ReturnType<typeof startStudio>>
  try {
    studio = await startStudio({ root, port, codeRoot })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error
    console.error(code === 'EADDRINUSE' ? `Port ${port} is taken (is a studio already running?). Open that one, stop it, or start this one with --port <another number>.` : `Port ${port} needs rights this user lacks; use one above 1023 with --port.`)
    process.exit(1)
  }
  console.log(`Studio for ${join(root, 'pages')}: open ${studio.url} in your browser. Stop it with Ctrl+C.`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void studio.close().then(() => process.exit(0)))
  }
}
