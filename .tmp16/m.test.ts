import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { it } from 'vitest'
import { loadSite, projectPaths } from '../src/compiler/site/load-site'
import { migrateProject } from '../src/compiler/migrate/migrate'
import { tempProject } from '../tests/unit/temp-project'
const fixtures = join(import.meta.dirname, '../tests/fixtures/migrate')
it('x', () => {
  const pages = Object.fromEntries(readdirSync(join(fixtures, 'before')).map((n) => [`pages/${n}`, readFileSync(join(fixtures, 'before', n), 'utf8')]))
  const made = tempProject({ 'schema/blocks/hero.schema.json': readFileSync(join(fixtures, 'hero.schema.json'), 'utf8'), ...pages }, { copyPages: false, copy: ['schema'] })
  const paths = projectPaths(made.root)
  for (const p of loadSite(paths).problems) console.log(`${p.file}:${p.line}:${p.column} ${p.code} ${p.message}\n   ${p.hint}`)
  console.log(migrateProject(paths).report)
  made.remove()
})
