/**
 * `npm run serve`: serve dist/ (or $SITE_DIST) on http://127.0.0.1:4173 (or
 * $PORT; 0 picks a free one) as deploy/nginx.conf does, with the footer's
 * sign-up served in this process (src/signup/), its addresses kept in
 * .signup/preview.db (or $SIGNUP_DB), never the live list.
 */
import { existsSync, mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { outputPlaces, recoverOutput } from '../src/compiler/bundle/output-swap'
import { createStaticServer } from '../src/serve/static-server'
import { createSignupHandler } from '../src/signup/signup-handler'
import { SignupStore } from '../src/signup/signup-store'

const dir = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(import.meta.dirname, '..', 'dist')
// A build killed mid-swap can leave dist/ unlinked; its last complete version is still beside it.
if (recoverOutput(outputPlaces(dir))) console.log(`Relinked ${dir} to the last complete build.`)
if (!existsSync(join(dir, 'index.html'))) {
  console.error('dist/ has no site yet. Run: npm run build')
  process.exit(1)
}
const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const signupDb = resolve(process.env.SIGNUP_DB ?? join(import.meta.dirname, '..', '.signup', 'preview.db'))
mkdirSync(dirname(signupDb), { recursive: true })
const signup = createSignupHandler(new SignupStore(signupDb))
const server = createStaticServer(dir, { signup }).listen(port, host, () => {
  console.log(`Serving ${dir} at http://${host}:${(server.address() as AddressInfo).port}/`)
})
