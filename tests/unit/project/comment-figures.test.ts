import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listFiles } from '../../../src/compiler/index'
import { projectRoot } from '../../support/fixture-targets'

/**
 * Comments say why and what holds; the figures a choice was made on live in
 * docs/measurements.md, under a heading the comment names. A figure quoted
 * in a comment goes stale with the machine or the next change, unseen.
 */
const sources = ['src', 'scripts']
  .flatMap((dir) => listFiles(join(projectRoot, dir)))
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.includes('/generated/'))

/** A file's comment lines, markers taken off and joined, so a pointer broken over two lines reads whole. */
function commentText(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const comment = /^\s*(?:\/\/|\/\*\*?|\*(?!\/))\s?(.*)$/.exec(line) ?? /\s\/\/\s(.*)$/.exec(line)
      return comment ? [comment[1]!.replace(/\*\/\s*$/, '')] : []
    })
    .join(' ')
}

/** What a measured figure or its story looks like in words. */
const figurePatterns = [
  /\btook (?:about |only )?\d/,
  // A commit named as the before or after of a measurement.
  /`[0-9a-f]{7,40}`/,
  // A duration with the page count it was measured at.
  /\b\d+(?:\.\d+)? ?(?:ms|s)\b[^.]{0,60}\b(?:at|of) [\d,]+ pages\b/,
]

describe('comments in src/ and scripts/', () => {
  const texts = sources.map((file) => ({ file: relative(projectRoot, file), text: commentText(file) }))

  it('quote no measured figure: they name the section of docs/measurements.md that has it', () => {
    const quoting = texts.flatMap(({ file, text }) => figurePatterns.flatMap((pattern) => (pattern.exec(text) ? [`${file}: ${pattern.exec(text)![0]}`] : [])))
    expect(quoting).toEqual([])
  })

  it('point only to sections docs/measurements.md has', () => {
    const headings = new Set([...readFileSync(join(projectRoot, 'docs/measurements.md'), 'utf8').matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.trim()))
    const pointers = texts.flatMap(({ file, text }) => [...text.matchAll(/docs\/measurements\.md,\s+"([^"]+)"/g)].map((m) => ({ file, section: m[1]! })))
    expect(pointers.length, 'the comments point to the figures behind them').toBeGreaterThan(20)
    expect(pointers.filter(({ section }) => !headings.has(section)).map(({ file, section }) => `${file}: "${section}"`)).toEqual([])
  })
})
