import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { loadSite, projectPaths } from '../../../src/compiler/index'
import { checkFormEndpoint } from '../../../src/shared/form-endpoint'
import { tempProject } from '../../../scripts/temp-project'

/**
 * footer.newsletter.endpoint in pages/_site.yaml: an https:// address, read
 * with the URL parser. A bad one is a located problem with a hint, through
 * the same loading the build and npm run check use.
 */
const project = tempProject()
afterAll(project.remove)
const siteFile = join(project.root, 'pages/_site.yaml')
const original = readFileSync(siteFile, 'utf8')

/** The site settings with `endpoint` set (and the answer texts it needs), and where the value sits. */
function withEndpoint(endpoint: string, texts = true) {
  const doc = parseDocument(original)
  doc.setIn(['footer', 'newsletter', 'endpoint'], endpoint)
  for (const [field, text] of [['sent', 'On the list.'], ['failed', 'Not sent.']]) {
    if (texts) doc.setIn(['footer', 'newsletter', field!], text)
    else doc.deleteIn(['footer', 'newsletter', field!])
  }
  const text = doc.toString()
  writeFileSync(siteFile, text)
  const lines = text.split('\n')
  const line = lines.findIndex((l) => /^\s+endpoint: /.test(l))
  return { problems: loadSite(projectPaths(project.root)).problems, line: line + 1, column: lines[line]!.indexOf('endpoint: ') + 'endpoint: '.length + 1 }
}

describe('the newsletter endpoint', () => {
  it.each([
    ['http://news.example/subscribe', 'is not an https:// address'],
    ['news.example/subscribe', 'is not a full web address'],
    ['https://user:secret@news.example/subscribe', 'holds a user name or password'],
    ['https://news.example/subscribe#form', 'has a "#" part'],
    ['javascript:alert(1)', 'is not an https:// address'],
  ])('%s is a located problem with a hint', (endpoint, says) => {
    const { problems, line, column } = withEndpoint(endpoint)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ code: 'BadFormEndpoint', file: 'pages/_site.yaml', line, column })
    expect(problems[0]!.message).toContain(says)
    expect(problems[0]!.hint).toContain('https://')
  })

  it('an https address is accepted, and its origin is what the page policy allows', () => {
    expect(withEndpoint('https://news.example/forms/42?list=main').problems).toEqual([])
    expect(checkFormEndpoint('https://news.example:8443/forms/42')).toEqual({ ok: true, origin: 'https://news.example:8443' })
  })

  it('with an endpoint, the answers the form shows are required', () => {
    const { problems } = withEndpoint('https://news.example/subscribe', false)
    expect(problems.map((p) => p.code)).toEqual(['MissingField', 'MissingField'])
    expect(problems.map((p) => p.message).join('\n')).toMatch(/"sent"[\s\S]*"failed"|"failed"[\s\S]*"sent"/)
  })
})
