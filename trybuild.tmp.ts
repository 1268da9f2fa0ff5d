import { readFileSync, writeFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { tempProject } from './tests/unit/temp-project'
import { buildSite } from './src/build/build-site'
const { root } = tempProject()
for (const f of ['index.yaml', 'b2b-audience.yaml', 'b2b/smes.yaml']) {
  const p = join(root, 'pages', f)
  let s = readFileSync(p, 'utf8')
  s = s.replace(/\/media\/video\/b2b-poster\.webp|\/media\/img\/extras-quality-check\.webp/g, '/media/img/b2b-smes.webp').replace(/    video:\n.*\n.*\n/g, '')
  writeFileSync(p, s)
}
console.log(root)
const r = await buildSite({ root })
console.log(r)
