/**
 * The studio's server: the browser app (through Vite, in middleware mode)
 * and a small JSON API over StudioProject. It listens on 127.0.0.1 only,
 * answers only requests addressed to that host (no DNS rebinding) and
 * changes files only for requests from its own pages (no other site can
 * post to it). Nothing here is part of the site's build.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { watch } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer as createVite, type Plugin } from 'vite'
import { projectPaths } from '../../compiler/site/load-site.ts'
import { buildCatalogue } from '../../compiler/codegen/catalogue.ts'
import { editorSchemas } from '../../compiler/codegen/editor-schema.ts'
import { listBlockComponents } from '../../compiler/site/block-registry.ts'
import { sharedFile, siteFile } from '../../compiler/site/load-site.ts'
import { Refused, StudioProject } from './project.ts'

export const host = '127.0.0.1'

/** The repository the studio's own code comes from (the project it edits may be a copy elsewhere). */
const codeRoot = join(import.meta.dirname, '../../..')

export interface StudioOptions {
  /** The project whose pages/ (with schema/ and public/) is edited. */
  root: string
  port: number
}

export async function startStudio(options: StudioOptions): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  // The block components are the studio's own code, wherever the project is.
  const paths = { ...projectPaths(options.root), blocksDir: join(codeRoot, 'src/blocks') }
  const project = new StudioProject(paths)
  const http = createServer()
  const vite = await createVite({
    configFile: false,
    root: join(codeRoot, 'src/studio'),
    publicDir: paths.publicDir,
    cacheDir: join(codeRoot, 'node_modules/.vite-studio'),
    logLevel: 'warn',
    plugins: [react(), blocksPlugin(paths.blocksDir)],
    appType: 'mpa',
    server: {
      middlewareMode: true,
      hmr: false,
      host,
      // Vite serves the studio's code and the packages it imports, not the project's files.
      fs: { strict: true, allow: [join(codeRoot, 'src'), join(codeRoot, 'node_modules')] },
    },
    optimizeDeps: {
      entries: ['index.html', 'preview.html'],
      include: ['react', 'react-dom', 'react-dom/client', 'react-router-dom', '@codemirror/lang-yaml', '@codemirror/lint', '@codemirror/state', '@codemirror/view', '@codemirror/autocomplete', '@codemirror/language', '@codemirror/commands', '@codemirror/search', 'codemirror-json-schema', 'react-use', '@react-spring/web', 'lenis'],
    },
  })
  const allowedHosts = new Set([`${host}:${options.port}`, `localhost:${options.port}`])

  http.on('request', (req, res) => {
    if (!allowedHosts.has(req.headers.host ?? '')) return send(res, 421, { error: 'The studio answers only at its own address.' })
    if (req.url?.startsWith('/api/')) {
      api(project, req, res, options.port).catch((error: unknown) => {
        if (error instanceof Refused) send(res, error.status, { error: error.message })
        else send(res, 500, { error: error instanceof Error ? error.message : String(error) })
      })
      return
    }
    vite.middlewares(req, res)
  })

  // Another editor or git changing pages/: the list and the checks follow.
  let timer: NodeJS.Timeout | undefined
  const watcher = watch(paths.pagesDir, { recursive: true }, () => {
    clearTimeout(timer)
    timer = setTimeout(() => project.refresh(), 150)
  })

  await new Promise<void>((done, fail) => {
    http.once('error', fail)
    http.listen(options.port, host, done)
  })
  return {
    server: http,
    url: `http://${host}:${options.port}/`,
    close: async () => {
      watcher.close()
      clearTimeout(timer)
      await vite.close()
      await new Promise((done) => http.close(done))
    },
  }
}

async function api(project: StudioProject, req: IncomingMessage, res: ServerResponse, port: number): Promise<void> {
  const url = new URL(req.url!, `http://${host}`)
  const file = url.searchParams.get('path') ?? ''
  if (req.method === 'GET') {
    switch (url.pathname) {
      case '/api/pages':
        return send(res, 200, { files: project.list(), changed: [...project.changed].sort() })
      case '/api/file':
        return send(res, 200, project.read(file))
      case '/api/catalogue':
        return send(res, 200, buildCatalogue(project.paths.schemaDir))
      case '/api/media':
        return send(res, 200, project.mediaList())
      case '/api/schema': {
        project.resolve(file)
        const schemas = editorSchemas(project.paths.schemaDir)
        return send(res, 200, file === siteFile ? schemas.site : file === sharedFile ? schemas.shared : schemas.page)
      }
    }
    return send(res, 404, { error: `No such request: ${url.pathname}` })
  }
  // Only the studio's own pages may change files: a JSON body (which a form
  // on another site cannot send without the browser asking first) from this origin.
  const origin = req.headers.origin
  if ((origin && origin !== `http://${host}:${port}` && origin !== `http://localhost:${port}`) || !req.headers['content-type']?.startsWith('application/json')) {
    return send(res, 403, { error: 'Changes are accepted only from the studio itself.' })
  }
  const body = JSON.parse(await readBody(req)) as Record<string, unknown>
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '')
  switch (`${req.method} ${url.pathname}`) {
    case 'POST /api/check':
      return send(res, 200, project.check(text('path'), text('text')))
    case 'PUT /api/file':
      return send(res, 200, project.save(text('path'), text('text'), text('baseHash'), body.force === true))
    case 'POST /api/create':
      return send(res, 200, project.create(text('route'), text('like') || undefined))
    case 'POST /api/rename':
      return send(res, 200, project.rename(text('path'), text('route')))
    case 'POST /api/delete':
      return send(res, 200, project.remove(text('path')))
  }
  return send(res, 404, { error: `No such request: ${req.method} ${url.pathname}` })
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > 4 * 1024 * 1024) req.destroy(new Error('Request too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

/** "virtual:studio-blocks": every block component, for the preview to render any page. */
function blocksPlugin(blocksDir: string): Plugin {
  const id = 'virtual:studio-blocks'
  return {
    name: 'fieldwork:studio-blocks',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loadId) {
      if (loadId !== `\0${id}`) return undefined
      const components = [...listBlockComponents(blocksDir)]
      return [
        ...components.map(([, file], i) => `import B${i} from ${JSON.stringify(file)}`),
        `export const components = {${components.map(([type], i) => `${JSON.stringify(type)}: B${i}`).join(', ')}}`,
      ].join('\n')
    },
  }
}
