/**
 * The studio's server: the browser app (built once per version of its code,
 * client/), public/'s files for the previews, and a small JSON API over
 * StudioProject. It listens on 127.0.0.1 only, answers only requests
 * addressed to that host (no DNS rebinding),
 * runs no script but its own (guards.ts) and serves the API only to
 * requests carrying the session's token. Nothing here is part of the
 * site's build.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { projectPaths } from '../../compiler/index.ts'
import { eventsPath, uploadPath } from '../shared/api.ts'
import { DeletedTexts } from './deleted-texts.ts'
import { Drafts } from './drafts.ts'
import { EventHub } from './event-hub.ts'
import { PublishState } from './publish-state.ts'
import { watchFolders } from '../../compiler/site/watch-folders.ts'
import { Refused, StudioProject } from './project.ts'
import { findRoute } from './routes/index.ts'
import { pagesAnswer } from './routes/pages.ts'
import type { RouteContext } from './routes/route.ts'
import { documentPolicy, hasToken, inertPolicy, newSessionSecrets, setSecurityHeaders } from './guards.ts'
import { builtClient } from './client/build-client.ts'
import { ClientFiles } from './client/client-files.ts'
import { publicFile, sendPublicFile } from './public-files.ts'
import { fields, readJsonObject } from './request-body.ts'
import { upload } from './routes/upload.ts'

export const host = '127.0.0.1'

export interface StudioOptions {
  /** The project whose pages/ (with schema/ and public/) is edited. */
  root: string
  /** 0 picks a free port; the returned url says which. */
  port: number
  /**
   * The repository the studio's own code comes from (the project it edits
   * may be a copy elsewhere). Given by npm run studio, which runs a bundle
   * of this module from node_modules/.cache; this module's own checkout
   * otherwise.
   */
  codeRoot?: string
}

/** How long pages/ is quiet before the studio reads what changed. */
const settleMs = 150

/** How long the studio waits before reading pages/ again after a failed read (a file vanishing mid-read). */
const refreshRetryMs = 500

export async function startStudio(options: StudioOptions): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const codeRoot = options.codeRoot ?? join(import.meta.dirname, '../../..')
  // The block components are the studio's own code, wherever the project is.
  const paths = { ...projectPaths(options.root), blocksDir: join(codeRoot, 'src/blocks') }
  const project = StudioProject.open(paths)
  const events = new EventHub()
  const publishState = new PublishState(options.root, events, () => project.writes)
  const context: RouteContext = {
    project,
    drafts: new Drafts(options.root),
    deleted: new DeletedTexts(options.root),
    events,
    publishState,
    pagesChanged: () => {
      events.send({ type: 'pages', pages: pagesAnswer(context) })
      publishState.changed()
    },
    // A draft is not saved: what is saved but not live stays as it was.
    draftsChanged: () => events.send({ type: 'drafts', drafts: context.drafts.list() }),
  }
  // A whole read nobody waits for (after the shared blocks are saved): the lists follow when it is done.
  project.onReread = () => context.pagesChanged()
  const secrets = newSessionSecrets()
  const http = createServer()
  // An idle connection is kept a minute, not Node's 5 s: a client that reuses
  // one just as the server closes it gets a reset (seen under load, where the
  // client's own 4 s timer runs late).
  http.keepAliveTimeout = 60_000
  // React's production build: the development one checks every element it
  // draws, and made each key typed at 10,000 pages wait for it. Its warnings
  // are for whoever works on the studio: NODE_ENV=development npm run studio.
  const client = ClientFiles.read(await builtClient(codeRoot, process.env.NODE_ENV === 'development' ? 'development' : 'production'))
  // Known once listening (port 0 picks one).
  let port = options.port
  const addressesOf = (p: number) => new Set([`${host}:${p}`, `localhost:${p}`])
  let ownAddress = addressesOf(port)

  http.on('request', (req, res) => {
    setSecurityHeaders(res, inertPolicy)
    if (!ownAddress.has(req.headers.host ?? '')) return send(res, 421, { error: 'The studio answers only at its own address.' })
    const url = new URL(req.url ?? '/', `http://${host}`)
    if (url.pathname.startsWith('/api/')) {
      api(context, req, res, port, secrets.token).catch((error: unknown) => {
        if (error instanceof Refused) return send(res, error.status, { error: error.message })
        // Said without paths: the author needs what went wrong, not where the code lives.
        console.error(error)
        send(res, 500, { error: `The studio could not do that (${(error as NodeJS.ErrnoException).code ?? (error as Error).name}); nothing was changed. Its terminal shows the details.` })
      })
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'The studio changes files through its API only.' })
    if (client.isDocument(url.pathname)) {
      setSecurityHeaders(res, documentPolicy(secrets.nonce))
      return client.sendDocument(res, url.pathname, secrets)
    }
    if (client.sendAsset(res, url.pathname)) return
    const file = publicFile(paths.publicDir, url.pathname)
    if (file) return sendPublicFile(req, res, file)
    send(res, 404, { error: `No such page: ${url.pathname}` })
  })

  // Another editor or git changing pages/: the list, the checks and any
  // page open on that file follow, pushed on the event stream. A file
  // vanishing while it is read makes that read fail: try again.
  let retry: NodeJS.Timeout | undefined
  const touched = new Set<string>()
  const refresh = async (): Promise<void> => {
    clearTimeout(retry)
    // Until every page is read, changes wait (the read under way may have missed them): read them after it.
    if (!project.checked || project.closed) return
    // Taken now: files touched while these are read are the next refresh's.
    const files = [...touched]
    touched.clear()
    const failed = await project.update(files)
    if (project.closed) return
    if (failed) {
      for (const file of files) touched.add(file)
      console.warn(`Studio: pages/ changed while it was read (${(failed as NodeJS.ErrnoException).code ?? failed.message}); reading it again.`)
      retry = setTimeout(() => void refresh(), refreshRetryMs)
      return
    }
    context.pagesChanged()
    for (const file of files) if (/\.ya?ml$/.test(file)) events.send({ type: 'file', path: file, hash: project.hashOnDisk(file) })
  }
  const watcher = watchFolders(
    paths.pagesDir,
    (files) => {
      for (const file of files) {
        // The studio's own save, heard back: the site and the list already
        // have it (at 10,000 pages the list is 900 KB), so only the other
        // tabs on the page hear of it, by its hash.
        // A save's own temporary file, renamed into place at once: the name it took is heard too.
        if (!project.readsChangeOf(file)) continue
        const own = project.ownSave(file)
        if (own) events.send({ type: 'file', path: file, hash: own })
        else touched.add(file)
      }
      if (touched.size) void refresh()
    },
    settleMs,
  )

  // Every page read: the list gets its titles and problem counts, and whatever changed on disk meanwhile is read.
  // Or the read failed for good: the list says so instead of "Checking".
  project.ready.then(
    () => project.closed || (touched.size ? void refresh() : context.pagesChanged()),
    () => project.closed || context.pagesChanged(),
  )

  try {
    await new Promise<void>((done, fail) => {
      http.once('error', fail)
      http.listen(options.port, host, done)
    })
  } catch (error) {
    watcher.close()
    await project.close()
    throw error
  }
  port = (http.address() as AddressInfo).port
  ownAddress = addressesOf(port)
  return {
    server: http,
    url: `http://${host}:${port}/`,
    close: async () => {
      watcher.close()
      events.close()
      publishState.close()
      clearTimeout(retry)
      // Connections still open (a request in flight, one kept alive for its
      // next) would hold close() for up to the minute above: the studio is
      // going, so they end now.
      const closed = new Promise((done) => http.close(done))
      http.closeAllConnections()
      await Promise.all([closed, project.close()])
    },
  }
}

async function api(context: RouteContext, req: IncomingMessage, res: ServerResponse, port: number, token: string): Promise<void> {
  if (!hasToken(req, token)) throw new Refused('Only the studio itself may use its API: reload the studio page to get a fresh session.', 403)
  const url = new URL(req.url!, `http://${host}`)
  if (req.method === 'GET' && url.pathname === eventsPath) {
    const { last } = context.publishState
    const opened = context.events.open(res, () => [{ type: 'pages', pages: pagesAnswer(context) }, ...(last ? [{ type: 'publish' as const, status: last }] : [])], token)
    if (!opened) return send(res, 429, { error: 'This studio is open in too many tabs or windows: close some of them, and this one connects again by itself.' })
    if (!last) void context.publishState.now()
    return
  }
  // Only the studio's own pages may change files: a body a form on another
  // site cannot send without the browser asking first, from this origin.
  const origin = req.headers.origin
  const fromStudio = !origin || origin === `http://${host}:${port}` || origin === `http://localhost:${port}`
  if (req.method === 'POST' && url.pathname === uploadPath) {
    if (!fromStudio || req.headers['content-type'] !== 'application/octet-stream') return send(res, 403, { error: 'Changes are accepted only from the studio itself.' })
    // A new file under public/ reads every page again: after the first read, never beside it.
    await context.project.ready
    const answer = await upload(context, req, url.searchParams.get('words') ?? '')
    return send(res, answer.ok ? 200 : 422, answer)
  }
  const route = findRoute(req.method ?? '', url.pathname)
  if (!route) return send(res, 404, { error: `No such request: ${req.method} ${url.pathname}` })
  if (!route.beforeChecked) await context.project.ready
  if (req.method === 'GET') return send(res, 200, await route.handle(route.read(fields(Object.fromEntries(url.searchParams))), context))
  if (!fromStudio || !req.headers['content-type']?.startsWith('application/json')) return send(res, 403, { error: 'Changes are accepted only from the studio itself.' })
  send(res, 200, await route.handle(route.read(fields(await readJsonObject(req))), context))
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}
