import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { dirname, join, relative, sep } from 'node:path'
import react from '@vitejs/plugin-react'
import type { UserConfig } from 'vite'
import type { LoadedSite } from '../site/load-site.ts'
import { pagesPlugin } from './vite-plugin.ts'
import { BundleCache } from '../cache/bundle-cache.ts'
import { assetsDir } from '../../shared/routes.ts'

const require = createRequire(import.meta.url)
const routerDist = join(dirname(require.resolve('react-router/package.json')), 'dist/production')
/** This project's root, for the dev server; a build passes the root it builds (its code may run from a bundle elsewhere: scripts/run-build.mjs). */
const projectRoot = join(import.meta.dirname, '..', '..', '..')

/**
 * The class name a CSS module's `.local` becomes: the local name and a hash
 * of the module's path (from the project root, so every checkout builds the
 * same names) and that name. Vite's default hashes only the file's text and
 * numbers the line, so two different modules could share a name: the media
 * text block's `.section` (line 1) once styled the audience accordion's.
 */
export function scopedClassName(local: string, file: string, root = projectRoot): string {
  const path = relative(root, file.split('?')[0]!).split(sep).join('/')
  const hash = createHash('sha256').update(`${path}\0${local}`).digest('base64url').slice(0, 6)
  return `_${local}_${hash}`
}

/**
 * The site's Vite configuration, shared by vite.config.ts (dev server,
 * tests) and the build script, which passes it inline so that no config file
 * has to be found and bundled. `catalogue` builds the authors' block
 * catalogue (/blocks) into a build; the dev server always has it.
 */
export function siteViteConfig(command: 'build' | 'serve', loaded?: LoadedSite, options: { catalogue?: boolean; root?: string } = {}): UserConfig {
  const root = options.root ?? projectRoot
  return {
    plugins: [react(), pagesPlugin(loaded ? { loaded } : {})],
    define: { __CATALOGUE__: JSON.stringify(command === 'serve' || Boolean(options.catalogue)), __BUNDLE_NODE_ENV__: JSON.stringify(BundleCache.nodeEnv()) },
    resolve: {
      // React Router's package exports resolve to its development build; a
      // production build must not ship its dev-only warnings and checks.
      alias:
        command === 'build'
          ? [
              { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
              { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
            ]
          : [],
    },
    ssr: {
      // Bundle the router (so the alias above applies) and react-use (CommonJS
      // that Node cannot import by name) into the prerender entry.
      noExternal: ['react-router', 'react-router-dom', 'react-use'],
    },
    css: { modules: { generateScopedName: (local, file) => scopedClassName(local, file, root) } },
    // The dev server looks for the packages to prepare in the app's one page,
    // not in every HTML file under the project (Vite's default, less dist/):
    // a site built elsewhere in it (10,000 pages), a test report or a
    // screenshot folder was read at each start, beside the first requests.
    optimizeDeps: { entries: ['index.html'] },
    // A build puts public/'s files beside the bundle itself (public-files.ts), so a picture
    // uploaded does not make a new bundle; the dev server serves them from public/.
    publicDir: command === 'build' ? false : undefined,
    build: {
      target: 'es2022',
      // One small stylesheet linked from every prerendered page: lazy chunks
      // would otherwise bring their CSS only after hydration, and the page
      // would flash unstyled.
      cssCodeSplit: false,
      modulePreload: { polyfill: false },
      assetsDir,
      // Rolldown's warning that plugins took much of the build's time tells of
      // the machine's load, not of the site: on a busy 2-core machine it came
      // and went from one build to the next, in output authors read as theirs.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  }
}
