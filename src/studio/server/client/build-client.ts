/**
 * The studio's browser app, built once by Vite for each version of its
 * code and kept under node_modules/.cache/studio-client/<key>/.
 *
 * Served through Vite's dev server instead, every start transformed the
 * app's 100-odd modules again, one request each, before the first page
 * could show: about half the time from start to a preview at 42 pages
 * (docs/measurements.md, "The studio's waits"). Built, the app is three
 * files, and the build itself is paid once per change of the studio's code.
 *
 * The key is the content hash of all of the code root's src/ (the studio,
 * the blocks its preview draws, the site's styles) and of package-lock.json
 * (every package and Vite itself), with the build's mode: never a date.
 * tests/unit/studio/server/client-build.test.ts checks that the build reads
 * nothing outside those.
 */
import { existsSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { cacheKindDir, keepNewest } from '../../../compiler/cache/cache-file.ts'
import { hashOfFiles } from '../../../compiler/cache/content-hash.ts'
import { listBlockComponents } from '../../../compiler/site/block-registry.ts'

/** Where the built files' URLs start: a name public/ is unlikely to hold, and they are looked up before public/'s. */
export const clientAssetsDir = 'studio-assets'

/** development: React's own checks and warnings, unminified, for whoever works on the studio. */
export type ClientMode = 'production' | 'development'

/** How many builds are kept: switching branches back and forth builds nothing again. */
const keptBuilds = 4

/** The files the built app depends on, from the code root: a change to any of them makes a new build. */
export function clientInputs(codeRoot: string): string[] {
  return [join(codeRoot, 'src'), join(codeRoot, 'package-lock.json')]
}

export function clientKey(codeRoot: string, mode: ClientMode): string {
  return hashOfFiles(codeRoot, clientInputs(codeRoot), { seed: `studio-client 1 ${mode}` }).slice(0, 24)
}

/**
 * The folder of the app built from the code as it is now, building it if no
 * build of this key is kept. Two studios starting at once may both build:
 * each writes its own temporary folder and the first rename wins.
 */
export async function builtClient(codeRoot: string, mode: ClientMode): Promise<string> {
  const dir = clientBuildDir(codeRoot, mode)
  if (existsSync(dir)) return dir
  console.log('Preparing the studio\'s app for this version of its code (once; a few seconds)...')
  const temporary = `${dir}.${process.pid}.tmp`
  rmSync(temporary, { recursive: true, force: true })
  try {
    await buildClient(codeRoot, mode, temporary)
    renameSync(temporary, dir)
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true })
    // Another studio renamed its build into place first: it is the same build.
    if (!existsSync(dir)) throw error
  }
  // A build folder left by a studio stopped mid-build is among the oldest soon enough.
  keepNewest(dirname(dir), keptBuilds)
  return dir
}

/** Where the build of the code as it is now is kept (built or not). */
export function clientBuildDir(codeRoot: string, mode: ClientMode): string {
  return join(cacheKindDir(codeRoot, 'studio-client'), clientKey(codeRoot, mode))
}

/** Vite's build of the studio's two documents into `outDir`; `read` is told every file the build read. */
export async function buildClient(codeRoot: string, mode: ClientMode, outDir: string, read?: (file: string) => void): Promise<void> {
  // Vite and the React plugin take the mode from NODE_ENV when it is set:
  // under vitest ("test") they made JSX for React's development runtime
  // while React itself was its production build, and no page drew.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = mode
  try {
    await viteBuild(codeRoot, mode, outDir, read)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

async function viteBuild(codeRoot: string, mode: ClientMode, outDir: string, read?: (file: string) => void): Promise<void> {
  // Loaded only when a build is needed: a start with a kept build never loads Vite.
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')])
  const studioDir = join(codeRoot, 'src/studio')
  // What the studio uses in place of shiki (see the file). From the code root: this module runs from a bundle elsewhere.
  const noHighlighting = join(studioDir, 'server/client/stubs/no-code-highlighting.ts')
  await build({
    configFile: false,
    root: studioDir,
    mode,
    // public/ is served by public-files.ts, sandboxed, and never in place of the studio's own files.
    publicDir: false,
    logLevel: 'warn',
    // No cache of Vite's own outside the key's folder.
    cacheDir: join(outDir, '.vite'),
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    plugins: [react(), blocksPlugin(join(codeRoot, 'src/blocks')), ...(read ? [readPlugin(read)] : [])],
    resolve: { alias: [{ find: /^(shiki\/core|shiki\/themes\/.*|shiki\/langs\/.*|@shikijs\/markdown-it\/core)$/, replacement: noHighlighting }] },
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: clientAssetsDir,
      minify: mode === 'production',
      // The studio is opened on this machine, from this machine: a large file costs nothing to fetch.
      chunkSizeWarningLimit: 4096,
      reportCompressedSize: false,
      rollupOptions: { input: { index: join(studioDir, 'index.html'), preview: join(studioDir, 'preview.html') } },
    },
  })
  rmSync(join(outDir, '.vite'), { recursive: true, force: true })
}

/** "virtual:studio-blocks": every block component, for the preview to render any page. */
function blocksPlugin(blocksDir: string): Plugin {
  const id = 'virtual:studio-blocks'
  return {
    name: 'fieldwork:studio-blocks',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loadId) {
      if (loadId !== `\0${id}`) return undefined
      const components = [...listBlockComponents(blocksDir)]
      return [
        ...components.map(([, file], i) => `import B${i} from ${JSON.stringify(file)}`),
        `export const components = {${components.map(([type], i) => `${JSON.stringify(type)}: B${i}`).join(', ')}}`,
      ].join('\n')
    },
  }
}

/** Tells `read` each file a module of the build came from (not the virtual ones). */
function readPlugin(read: (file: string) => void): Plugin {
  return {
    name: 'fieldwork:studio-read-files',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0]!
        if (!file.startsWith('\0') && existsSync(file)) read(file)
      }
    },
  }
}
