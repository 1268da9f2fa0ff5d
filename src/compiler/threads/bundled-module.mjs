/**
 * The commands authors run most (`npm run check`, `npm run build`) start in
 * plain JavaScript and run a bundle of their TypeScript: loading the same
 * code through tsx costs each command more than a check or a build of an
 * unchanged site takes (docs/measurements.md, "Bundles instead of tsx").
 * The script's module and the compiler
 * code it imports are bundled into one file under node_modules/.cache and
 * called with this project's root, so the bundle holds no path and serves
 * any copy of the project (cp -a, a node_modules shared through a link).
 *
 * A bundle is reused only while its stamp matches: the content hash of
 * every file it was made from (esbuild lists them), of the options this
 * file builds with, of the bundle itself, and the esbuild and Node
 * versions. Times are not trusted: cp -a, rsync and `touch -r` give changed
 * files old ones. Packages stay where npm put them. Without esbuild (tsx brings it), `loadBundled` throws
 * and the command runs through tsx instead (runThroughTsx).
 *
 * The compiler's worker threads start on bundles made here too
 * (threads/ts-worker.ts): each thread loads the compiler from a bundle
 * several times faster than through tsx (same section).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex')
/** A file's hash, or undefined if it is gone. */
const hashOf = (file) => {
  try {
    return hash(readFileSync(file))
  } catch {
    return undefined
  }
}

/**
 * How every bundle is made, besides its entry and output. Its hash is in each
 * stamp (not this file's: the commands' bundles hold a copy of this code), so
 * a change here makes them again.
 */
const buildOptions = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', metafile: true, logLevel: 'error' }

/** What a bundle also depends on besides its inputs: the tools and the way this file calls them. */
function tools() {
  const esbuild = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8')).version
  return { esbuild, node: process.version, options: hash(JSON.stringify(buildOptions)) }
}

/** Whether the bundle was made, by these tools, from files with exactly the content they have now. */
function fresh(root, bundle, now) {
  let stamp
  try {
    stamp = JSON.parse(readFileSync(`${bundle}.stamp.json`, 'utf8'))
  } catch {
    return false
  }
  if (JSON.stringify(stamp.tools) !== JSON.stringify(now) || hashOf(bundle) !== stamp.bundle) return false
  const inputs = Object.entries(stamp.inputs ?? {})
  return inputs.length > 0 && inputs.every(([file, digest]) => hashOf(join(root, file)) === digest)
}

/** Writes through a temporary name, so a run beside this one never reads half a file. */
function writeWhole(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, contents)
  renameSync(temporary, file)
}

/** esbuild's loaders by extension, for the files hashedInputs reads in its place (any other it reads itself). */
const loaders = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx', '.json': 'json' }

/**
 * An esbuild plugin that reads each file for it, keeping the hash of the
 * very bytes bundled (by absolute path): hashed after the build, a file
 * saved while esbuild read it named the new bytes in the stamp, and the
 * bundle of the old ones ran from then on.
 */
function hashedInputs(digests) {
  return {
    name: 'hashed-inputs',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        const loader = loaders[extname(args.path)]
        if (!loader) return undefined
        const contents = readFileSync(args.path)
        digests.set(args.path, hash(contents))
        return { contents, loader }
      })
    },
  }
}

async function rebuild(root, entry, bundle, now) {
  const { build } = await import('esbuild')
  const digests = new Map()
  const result = await build({ ...buildOptions, absWorkingDir: root, entryPoints: [join(root, entry)], outfile: bundle, write: false, plugins: [hashedInputs(digests)] })
  const code = result.outputFiles[0].contents
  // Each input by the hash of the bytes bundled: a file changed since makes the next run bundle again.
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, digests.get(join(root, file)) ?? hashOf(join(root, file))]))
  mkdirSync(dirname(bundle), { recursive: true })
  writeWhole(bundle, code)
  writeWhole(`${bundle}.stamp.json`, JSON.stringify({ tools: now, bundle: hash(code), inputs }))
}

/**
 * The path of the bundle of `entry` (a path from `root`),
 * node_modules/.cache/site-scripts/<name>.mjs, made again first unless it
 * is fresh: for a worker thread to start on (compiler/threads/ts-worker.ts).
 */
export async function bundledModule(root, name, entry) {
  // Where node_modules really is, found before anything waits: a test's copy of the project links
  // it, and may be removed meanwhile, when a folder made through the link would land in the copy.
  const bundle = join(realpathSync(join(root, 'node_modules')), '.cache', 'site-scripts', `${name}.mjs`)
  const now = tools()
  if (!fresh(root, bundle, now)) await rebuild(root, entry, bundle, now)
  return bundle
}

/** The module `entry` (a path from `root`), from its bundle (bundledModule). */
export async function loadBundled(root, name, entry) {
  return import(pathToFileURL(await bundledModule(root, name, entry)).href)
}

/**
 * The module `entry` from its bundle, as loadBundled gives it; when that
 * cannot be had (no esbuild), `script` is run through tsx with `args`
 * instead and this process exits with its code. What run-build.mjs,
 * run-check.mjs and run-studio.mjs each start with.
 */
export async function loadBundledOrRunTsx(root, name, entry, script, args) {
  try {
    return await loadBundled(root, name, entry)
  } catch {
    runThroughTsx(root, script, args)
  }
}

/** Run `script` (a path from `root`) through tsx with these arguments, and exit with its code. */
export function runThroughTsx(root, script, args) {
  const tsx = join(root, 'node_modules', '.bin', 'tsx')
  process.exit(spawnSync(tsx, [join(root, script), ...args], { stdio: 'inherit' }).status ?? 1)
}
