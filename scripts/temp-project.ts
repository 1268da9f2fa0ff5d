import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const projectRoot = join(import.meta.dirname, '..')

/**
 * A throwaway copy of the project for build tests and the bench at scale: pages/ is copied (and
 * overridden by `files`), everything else is linked to the real project.
 */
export function tempProject(
  files: Record<string, string> = {},
  options: { copyPages?: boolean; copy?: ('src' | 'schema' | 'public')[] } = {},
): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'site-'))
  for (const name of ['src', 'schema', 'public', 'node_modules', 'tsconfig.json', 'package.json', 'package-lock.json']) {
    // Copied when a test changes them (adding a block type, a file in public/), linked otherwise.
    if (options.copy?.includes(name as 'src' | 'schema' | 'public')) cpSync(join(projectRoot, name), join(root, name), { recursive: true })
    else symlinkSync(join(projectRoot, name), join(root, name))
  }
  // Copied, not linked: Vite resolves links to their real paths, and these
  // two must sit inside the temporary root.
  for (const name of ['index.html', 'vite.config.ts']) cpSync(join(projectRoot, name), join(root, name))
  // The unit tests' shared set-up (vite.config.ts's setupFiles), for a test run inside the copy.
  mkdirSync(join(root, 'tests'))
  symlinkSync(join(projectRoot, 'tests', 'support'), join(root, 'tests', 'support'))
  if (options.copyPages !== false) cpSync(join(projectRoot, 'pages'), join(root, 'pages'), { recursive: true })
  else mkdirSync(join(root, 'pages'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) }
}
