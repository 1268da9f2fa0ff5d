/** `npm run serve`: serve dist/ (or $SITE_DIST) on http://127.0.0.1:4173 (or $PORT; 0 picks a free one) as deploy/nginx.conf does. */
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { outputPlaces, recoverOutput } from '../src/compiler/bundle/output-swap'
import { createStaticServer } from '../src/serve/static-server'

const dir = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(import.meta.dirname, '..', 'dist')
// A build killed mid-swap can leave dist/ unlinked; its last complete version is still beside it.
if (recoverOutput(outputPlaces(dir))) console.log(`Relinked ${dir} to the last complete build.`)
if (!existsSync(join(dir, 'index.html'))) {
  console.error('dist/ has no site yet. Run: npm run build')
  process.exit(1)
}
const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const server = createStaticServer(dir).listen(port, host, () => {
  console.log(`Serving ${dir} at http://${host}:${(server.address() as AddressInfo).port}/`)
})
