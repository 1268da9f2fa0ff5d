import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { BundleCache } from '../../../../src/compiler/cache/bundle-cache'
import { projectPaths } from '../../../../src/compiler/site/project-paths'
import { tempProject } from '../../../../scripts/temp-project'

const project = tempProject({}, { copy: ['public'] })
afterAll(() => project.remove())

it("keys a bundle by public/ only when it has the catalogue, which lists public/'s pictures", () => {
  const paths = projectPaths(project.root)
  const [site, catalogue] = [BundleCache.codeKey(paths, false), BundleCache.codeKey(paths, true)]
  writeFileSync(join(project.root, 'public/uploaded.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  expect(BundleCache.codeKey(paths, false), 'a picture uploaded: the same bundle').toBe(site)
  expect(BundleCache.codeKey(paths, true), 'the catalogue lists it: another').not.toBe(catalogue)
})
