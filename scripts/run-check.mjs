/**
 * `npm run check` starts here, in plain JavaScript: authors run the check
 * after every edit, and loading scripts/check.ts through tsx cost about
 * 0.6 s of the command's 0.9 s (its budget is 1 s). The check and the
 * compiler code it imports are bundled once into one file under
 * node_modules/.cache, and bundled again only when one of those files is
 * newer than the bundle (esbuild lists them). Packages stay where npm put
 * them. Without esbuild (tsx brings it), the check runs through tsx as before.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '..')
const entry = join(root, 'scripts', 'check.ts')
const bundle = join(root, 'node_modules', '.cache', 'site-scripts', 'check.mjs')
const inputsFile = `${bundle}.inputs.json`

/** Whether the bundle is newer than every file it was made from. */
function fresh() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return false
  const built = statSync(bundle).mtimeMs
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
  return inputs.length > 0 && inputs.every((file) => existsSync(join(root, file)) && statSync(join(root, file)).mtimeMs < built)
}

async function rebuild() {
  const { build } = await import('esbuild')
  mkdirSync(dirname(bundle), { recursive: true })
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'error',
    // check.ts finds the project from its own folder, not the bundle's.
    define: { 'import.meta.dirname': JSON.stringify(join(root, 'scripts')) },
  })
  writeFileSync(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs)))
}

try {
  if (!fresh()) await rebuild()
} catch {
  const tsx = join(root, 'node_modules', '.bin', 'tsx')
  process.exit(spawnSync(tsx, [entry], { stdio: 'inherit' }).status ?? 1)
}
await import(pathToFileURL(bundle).href)
