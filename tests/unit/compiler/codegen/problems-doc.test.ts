import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { problemsReference } from '../../../../src/compiler/codegen/problems-doc'
import { catalogue, problem } from '../../../../src/compiler/problems/errors'
import { formatProblem } from '../../../../src/compiler/problems/problems'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * Every printed problem ends with its code, and docs/problems.md (made by
 * npm run gen; generated-outputs.test.ts keeps it current) has a section
 * headed by each code, with its message and hint in words: a code printed
 * is a code a developer can search for.
 */
describe('problem codes and their reference', () => {
  const reference = problemsReference()

  it('prints the code after the message, before the hint', () => {
    const printed = formatProblem(problem('UnknownBlockType', { type: 'heor', known: ['hero'], suggestion: 'hero' }, { file: 'pages/p.yaml', line: 6, column: 11 }))
    expect(printed.split('\n')[0]).toBe('pages/p.yaml:6:11  There is no block type "heor".  [UnknownBlockType]')
    expect(printed.split('\n')[1]).toMatch(/^ {4}hint: Did you mean "hero"\?/)
  })

  it('has one section per code of the catalogue, each with its words and no value left unfilled', () => {
    const headed = [...reference.matchAll(/^## (\w+)$/gm)].map((m) => m[1])
    expect(headed).toEqual(Object.keys(catalogue).sort())
    for (const section of reference.split(/^## /m).slice(1)) {
      const [code, , sentence] = section.split('\n')
      expect(sentence, code).toMatch(/^\*\*[A-Z][^*]+\.\*\* \S/)
      expect(section, code).not.toMatch(/NaN|undefined|\[object /)
    }
  })

  it('is the file in docs/', () => {
    expect(readFileSync(join(projectRoot, 'docs/problems.md'), 'utf8')).toBe(reference)
  })
})
