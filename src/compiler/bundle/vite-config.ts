import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import react from '@vitejs/plugin-react'
import type { UserConfig } from 'vite'
import type { LoadedSite } from '../site/load-site.ts'
import { pagesPlugin } from './vite-plugin.ts'
import { assetsDir } from '../../shared/routes.ts'

const require = createRequire(import.meta.url)
const routerDist = join(dirname(require.resolve('react-router/package.json')), 'dist/production')

/**
 * The site's Vite configuration, shared by vite.config.ts (dev server,
 * tests) and the build script, which passes it inline so that no config file
 * has to be found and bundled.
 */
export function siteViteConfig(command: 'build' | 'serve', loaded?: LoadedSite): UserConfig {
  return {
    plugins: [react(), pagesPlugin(loaded ? { loaded } : {})],
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
    build: {
      target: 'es2022',
      // One small stylesheet linked from every prerendered page: lazy chunks
      // would otherwise bring their CSS only after hydration, and the page
      // would flash unstyled.
      cssCodeSplit: false,
      modulePreload: { polyfill: false },
      assetsDir,
    },
  }
}
