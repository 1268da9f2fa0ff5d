/**
 * `npm run signup-service -- --db /srv/signup/signups.db [--port 8787]`:
 * the footer's sign-up, as a service on 127.0.0.1 for nginx to proxy
 * /api/signup to (deploy/nginx.conf, deploy/signup.service). One line a
 * request goes to standard output (journald keeps it), never an address.
 */
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line.ts'
import { createSignupHandler, signupPath } from '../src/signup/signup-handler.ts'
import { SignupStore } from '../src/signup/signup-store.ts'

const usage = 'npm run signup-service -- --db <database file> [--port <number>]'
const { values } = readArguments(() => parseArgs({ options: { db: { type: 'string' }, port: { type: 'string' } } }), usage)
if (!values.db) {
  console.error(`Say where the addresses are kept, with --db (the file is made if it is not there).\nUsage: ${usage}`)
  process.exit(2)
}
const port = Number(values.port ?? '8787')
if (!/^\d+$/.test(values.port ?? '8787') || port > 65535) {
  console.error(`--port ${values.port}: a port is a whole number from 0 to 65535.\nUsage: ${usage}`)
  process.exit(2)
}
let store: SignupStore
try {
  store = new SignupStore(resolve(values.db))
} catch (error) {
  console.error(`The database ${resolve(values.db)} cannot be opened: ${(error as Error).message}`)
  process.exit(1)
}
const handle = createSignupHandler(store, { log: (line) => console.log(line) })
const server = createServer((req, res) => {
  if (new URL(req.url ?? '/', 'http://x').pathname !== signupPath) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Only ${signupPath} is here.\n`)
    return
  }
  handle(req, res).catch((error: Error) => {
    console.log(`signup: request failed: ${error.message}`)
    if (!res.headersSent) res.writeHead(400).end()
  })
})
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is taken: is the sign-up service running already?` : error.message)
  process.exit(1)
})
server.listen(port, '127.0.0.1', () => {
  const address = server.address()
  console.log(`signup: listening on 127.0.0.1:${typeof address === 'object' && address ? address.port : port}, ${store.count()} addresses in ${store.file}`)
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    store.close()
    process.exit(0)
  })
}
