/**
 * The studio's server: the browser app (built once per version of its code,
 * client/), public/'s files for the previews, and a small JSON API over
 * StudioProject. It listens on 127.0.0.1 only, answers only requests
 * addressed to that host (no DNS rebinding),
 * runs no script but its own (guards.ts) and serves the API only to
 * requests carrying the session's token. Nothing here is part of the
 * site's build.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { projectPaths } from '../../compiler/index.ts'
import { eventsPath, problemsPagePath, uploadPath } from '../shared/api.ts'
import { DeletedTexts } from './deleted-texts.ts'
import { Drafts } from './drafts.ts'
import { Changes } from './changes/changes.ts'
import { Presence } from './presence.ts'
import { EventHub } from './event-hub.ts'
import { PublishState } from './publish-state.ts'
import { watchFolders } from '../../compiler/site/watch-folders.ts'
import { Refused } from './refused.ts'
import { StudioProject } from './project/project.ts'
import { findRoute } from './routes/index.ts'
import { pagesAnswer } from './routes/pages.ts'
import type { RouteContext } from './routes/route.ts'
import { documentPolicy, hasToken, inertPolicy, newSessionToken, setSecurityHeaders } from './guards.ts'
import { builtClient } from './client/build-client.ts'
import { ClientFiles } from './client/client-files.ts'
import { publicFile, sendPublicFile } from './public-files.ts'
import { problemsPage } from './problems-page.ts'
import { fields, readJsonObject } from './request-body.ts'
import { upload } from './routes/upload.ts'
import { teamReferrerPolicy, type TeamGate } from '../team/team-gate.ts'
import { roleRefusal } from '../team/roles.ts'
import { TeamRefusal, type TeamUser } from '../team/team-store.ts'
import { requestPerson, Writers } from '../team/writers.ts'

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
  /**
   * The team studio (npm run studio -- --team): people sign in, each
   * request is theirs, and the studio answers at the team's address (behind
   * nginx) instead of 127.0.0.1's. The local studio has none.
   */
  team?: TeamGate
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
    changes: new Changes(options.root),
    presence: new Presence((here) => events.send({ type: 'presence', here })),
    events,
    publishState,
    pagesChanged: () => {
      events.send({ type: 'pages', pages: pagesAnswer(context) })
      publishState.changed()
    },
    // A draft is not saved: what is saved but not live stays as it was.
    draftsChanged: () => events.send({ type: 'drafts', drafts: context.drafts.list() }),
  }
  if (options.team) {
    const writers = new Writers(options.root)
    context.writers = writers
    context.team = options.team
    project.onWrote = (files) => writers.wrote(files.map((file) => `pages/${file}`))
  }
  // A whole read nobody waits for (after the shared blocks are saved): the lists follow when it is done.
  project.onReread = () => context.pagesChanged()
  const localToken = newSessionToken()
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
    serve(req, res).catch((error: unknown) => {
      if (error instanceof Refused) return send(res, error.status, { error: error.message })
      // The team's accounts file busy or unwritable (team-store.ts): said in words, nothing changed.
      if (error instanceof TeamRefusal && !res.headersSent) return send(res, 503, { error: error.message })
      // Said without paths: the author needs what went wrong, not where the code lives.
      console.error(error)
      if (!res.headersSent) send(res, 500, { error: `The studio could not do that (${(error as NodeJS.ErrnoException).code ?? (error as Error).name}); nothing was changed. Its terminal shows the details.` })
    })
  })
  const { team } = options
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const referrer = team ? teamReferrerPolicy : undefined
    setSecurityHeaders(res, inertPolicy, referrer)
    if (!(team ? team.ownsHost(req) : ownAddress.has(req.headers.host ?? ''))) return send(res, 421, { error: 'The studio answers only at its own address.' })
    const url = new URL(req.url ?? '/', `http://${host}`)
    // The team studio: its own pages (sign in, choose a password, sign out) first; everything else is for a signed-in person only.
    let user: TeamUser | undefined
    let token = localToken
    if (team) {
      if (await team.answer(req, res, url)) return
      const session = team.sessionOf(req)
      if (!session) {
        if (url.pathname.startsWith('/api/')) return send(res, 401, { error: 'You are signed out (the session ended or another browser signed you out). Reload the page and sign in again.' })
        res.writeHead(303, { location: '/sign-in', 'cache-control': 'no-store' })
        return void res.end()
      }
      user = session.user
      token = session.csrf
    }
    if (url.pathname.startsWith('/api/')) {
      const call = () => api({ ...context, ...(user ? { user } : {}) }, req, res, { port, token, team })
      // Every write the call makes is this person's (team/writers.ts).
      return user ? requestPerson.run({ name: user.name, email: user.email }, call) : call()
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'The studio changes files through its API only.' })
    if (client.isDocument(url.pathname)) {
      // A nonce per document sent: one a page learned cannot be reused on another.
      const nonce = randomBytes(18).toString('base64url')
      setSecurityHeaders(res, documentPolicy(nonce, { forms: Boolean(team) }), referrer)
      return client.sendDocument(res, url.pathname, { nonce, token, ...(user ? { user } : {}) })
    }
    if (client.sendAsset(res, url.pathname)) return
    if (url.pathname === problemsPagePath) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return void res.end(problemsPage())
    }
    const file = publicFile(paths.publicDir, url.pathname)
    if (file) return sendPublicFile(req, res, file)
    send(res, 404, { error: `No such page: ${url.pathname}` })
  }

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
        // have it (at 10,000 pages the list is large: docs/measurements.md,
        // "The studio's waits"), so only the other tabs on the page hear of
        // it, by its hash.
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
      context.changes.close()
      context.presence.close()
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

async function api(context: RouteContext, req: IncomingMessage, res: ServerResponse, { port, token, team }: { port: number; token: string; team: TeamGate | undefined }): Promise<void> {
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
  const fromStudio = team ? team.fromOwnOrigin(req) : !origin || origin === `http://${host}:${port}` || origin === `http://localhost:${port}`
  if (req.method === 'POST' && url.pathname === uploadPath) {
    if (!fromStudio || req.headers['content-type'] !== 'application/octet-stream') return send(res, 403, { error: 'Changes are accepted only from the studio itself.' })
    // A new file under public/ reads every page again: after the first read, never beside it.
    await context.project.ready
    const answer = await upload(context, req, url.searchParams.get('words') ?? '')
    return send(res, answer.ok ? 200 : 422, answer)
  }
  const route = findRoute(req.method ?? '', url.pathname)
  if (!route) return send(res, 404, { error: `No such request: ${req.method} ${url.pathname}` })
  const refusal = context.user && roleRefusal(context.user.role, route.name)
  if (refusal) return send(res, 403, { error: refusal })
  if (!route.beforeChecked) await context.project.ready
  if (req.method === 'GET') return send(res, 200, await route.handle(route.read(fields(Object.fromEntries(url.searchParams))), context))
  if (!fromStudio || !req.headers['content-type']?.startsWith('application/json')) return send(res, 403, { error: 'Changes are accepted only from the studio itself.' })
  send(res, 200, await route.handle(route.read(fields(await readJsonObject(req))), context))
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}
