import { loadSite, projectPaths } from '../src/compiler/site/load-site.ts'
const site = loadSite(projectPaths(process.cwd()))
const seen = new Map<string, string[]>()
for (const p of site.pages) {
  const hero = (p.page.blocks as any[]).find((b) => b.type === 'hero' || b.type === 'landing-hero')
  if (!hero) continue
  for (const k of ['title', 'text', 'image']) {
    const v = k === 'image' ? hero.image?.src : hero[k]
    if (!v) continue
    const key = `${k}:${v}`
    seen.set(key, [...(seen.get(key) ?? []), p.route])
  }
}
for (const [k, r] of seen) if (r.length > 1) console.log(k, r)
