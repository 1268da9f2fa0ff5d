/**
 * `npx tsx scripts/bench-team-publish.ts [pages…]`: the team studio's
 * publish to live, timed, with the site at its own pages and with 10,000
 * generated ones added (or the counts given). Each set-up is the live one
 * (tests/e2e/live-repository.ts: the bare repository, its deploy hooks and
 * a first deploy), the team studio over a clone of it with an editor
 * signed in over HTTP; one page's title is saved and published, and the
 * time is from Publish to its answer, which comes once the deploy hook has
 * built and swapped the live site (checked after). Minutes at 10,000: by
 * hand, not part of npm run bench.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeLiveRepository, mustGit } from '../tests/e2e/live-repository.ts'
import { generatedPages } from './bench-scale.ts'
import { freePortBlock } from './port-block.ts'
import { startStudio } from '../src/studio/server/server.ts'
import { TeamGate } from '../src/studio/team/team-gate.ts'
import { TeamStore } from '../src/studio/team/team-store.ts'
import { hashPassword } from '../src/studio/team/passwords.ts'

const root = join(import.meta.dirname, '..')
const counts = process.argv.slice(2).map(Number).filter((n) => n >= 0)

async function measure(extra: number): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'team-publish-'))
  try {
    let started = performance.now()
    const { bare, live } = makeLiveRepository(scratch, extra ? generatedPages(extra) : {})
    const firstDeploy = performance.now() - started
    spawnSync('flock', [join(scratch, 'srv', '.deploy.lock'), 'true'])
    const site = join(scratch, 'studio-site')
    mustGit(scratch, 'clone', '-q', bare, site)
    symlinkSync(join(root, 'node_modules'), join(site, 'node_modules'))
    const port = await freePortBlock(1)
    const base = `http://localhost:${port}`
    const store = new TeamStore(join(scratch, 'team.db'))
    const editor = store.addUser('Eve Editor', 'eve@example.org', 'editor')
    store.useInvite(store.newInvite(editor.id), await hashPassword('editor password here'))
    const studio = await startStudio({ root: site, port, team: new TeamGate(store, new URL(base)) })
    try {
      const signIn = await fetch(`${base}/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=eve%40example.org&password=editor+password+here' })
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
      const token = /<meta name="studio-token" content="([^"]+)"/.exec(await (await fetch(base, { headers: { cookie } })).text())![1]!
      const call = async (method: string, path: string, body?: unknown) => {
        const answer = await fetch(base + path, { method, headers: { cookie, origin: base, 'x-studio-token': token, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) })
        const json = (await answer.json()) as Record<string, unknown>
        if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`)
        return json
      }
      await call('GET', '/api/pages')
      const file = 'about-us.yaml'
      const title = `About us, published at ${Date.now().toString(36)}`
      const read = (await call('GET', `/api/file?path=${file}`)) as { text: string; hash: string }
      await call('PUT', '/api/file', { path: file, text: read.text.replace(/^title: .*$/m, `title: ${title}`), baseHash: read.hash })
      started = performance.now()
      const outcome = await call('POST', '/api/publish', { message: 'A new title for About' })
      const publish = performance.now() - started
      if (outcome.kind !== 'published') throw new Error(`not published: ${JSON.stringify(outcome)}`)
      const served = readFileSync(join(live, 'about-us', 'index.html'), 'utf8').includes(title)
      const pages = mustGit(site, 'ls-files', 'pages').split('\n').filter((f) => /\/[^_/][^/]*\.yaml$/.test(f)).length
      console.log(`${pages.toLocaleString('en')} pages: first deploy ${(firstDeploy / 1000).toFixed(1)} s; Publish to live ${(publish / 1000).toFixed(1)} s${served ? '' : ' (the live site does not show it!)'}`)
    } finally {
      await studio.close()
      store.close()
    }
  } finally {
    spawnSync('flock', [join(scratch, 'srv', '.deploy.lock'), 'true'])
    rmSync(scratch, { recursive: true, force: true })
  }
}

for (const count of counts.length ? counts : [0, 10_000]) await measure(count)
