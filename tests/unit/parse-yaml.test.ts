import { describe, expect, it } from 'vitest'
import { checkPageSource } from '../../src/build/load-site'
import { limits, parseYaml } from '../../src/build/parse-yaml'
import { fixtureSchemas } from './fixture-targets'

const utf8 = (text: string) => new TextEncoder().encode(text)
const page = (title: string) => `title: ${title}\ndescription: d\nblocks:\n  - type: intro\n    title: t\n`
const schemas = fixtureSchemas()

/** As many short keys as fit under the size cap (about 20,000). */
export function hugeMapping(): string {
  return Array.from({ length: 20000 }, (_, i) => `${i.toString(36)}: 1`).join('\n').slice(0, limits.maxFileBytes - 1)
}
const codes = (bytes: Uint8Array) => checkPageSource('p.yaml', bytes, schemas).problems.map((p) => `${p.code} ${p.line}:${p.column}`)

describe('strict YAML reading', () => {
  it('accepts a plain valid page and a UTF-8 byte-order mark', () => {
    expect(codes(utf8(page('Hello')))).toEqual([])
    expect(codes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(page('Hello'))]))).toEqual([])
  })

  it('rejects Latin-1 bytes at the first bad byte', () => {
    const bytes = new Uint8Array([...utf8('title: Caf'), 0xe9, ...utf8('\n')])
    const [p] = checkPageSource('p.yaml', bytes, schemas).problems
    expect(p).toMatchObject({ code: 'NotUtf8', line: 1, column: 11 })
    expect(p!.message).toContain('0xe9')
    expect(codes(new Uint8Array([...utf8('title: ok\ndescription: \u00e9'), 0xe9, 0x41]))).toEqual(['NotUtf8 2:15'])
  })

  it('rejects UTF-16 files', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...Array.from(utf8('title: x')).flatMap((b) => [b, 0])])
    expect(codes(bytes)).toEqual(['NotUtf8 1:1'])
  })

  it('rejects NUL and right-to-left override characters where they stand', () => {
    expect(codes(utf8('title: a\u0000b\n'))).toEqual(['ControlCharacter 1:9'])
    expect(codes(utf8('title: ok\ndescription: x\u202Ey\n'))).toEqual(['ControlCharacter 2:15'])
  })

  // How fast these fail is measured by `npm run bench` (hostile inputs), not
  // asserted here: timings flake on shared machines.
  it('rejects a file over the size cap before parsing it', () => {
    expect(codes(utf8(`title: ${'x'.repeat(limits.maxFileBytes)}`))).toEqual(['FileTooLarge 1:1'])
  })

  it('rejects a mapping with 20,000 keys', () => {
    expect(codes(utf8(hugeMapping()))).toEqual(['TooManyKeys 1:1'])
  })

  it('rejects nesting 1,000 deep without overflowing the stack', () => {
    expect(codes(utf8(`title: ${'['.repeat(1000)}${']'.repeat(1000)}\n`))).toEqual([`TooDeep 1:${8 + limits.maxDepth}`])
  })

  it('keeps YAML 1.1 booleans and sexagesimals as the text they are under 1.2 core', () => {
    const result = parseYaml('p.yaml', utf8('a: no\nb: 1:20\nc: yes\n'))
    expect(result.ok && result.value).toEqual({ a: 'no', b: '1:20', c: 'yes' })
  })

  it('reports numbers where text belongs with the text as written', () => {
    for (const written of ['01234', '+123', '1.10']) {
      const [p] = checkPageSource('p.yaml', utf8(page(written)), schemas).problems
      expect(p).toMatchObject({ code: 'WrongType', line: 1, column: 8 })
      expect(p!.hint).toContain(`"${written}"`)
    }
  })

  it('rejects the YAML tags that would build sets, ordered maps, binaries and dates', () => {
    for (const tag of ['!!set', '!!omap', '!!binary', '!!timestamp', '!!js/function']) {
      expect(codes(utf8(`title: ${tag} x\n`))[0]).toBe('TagNotAllowed 1:8')
    }
  })

  it('treats __proto__ as an unknown field and pollutes no prototype', () => {
    const problems = checkPageSource('p.yaml', utf8(`${page('x')}__proto__:\n  polluted: true\n`), schemas).problems
    expect(problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(['UnknownField 6:1'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('reports a second document and an empty file', () => {
    expect(codes(utf8(`${page('x')}---\ntitle: y\n`))).toEqual(['MultipleDocuments 6:1'])
    expect(codes(utf8('# only a comment\n'))).toEqual(['EmptyFile 1:1'])
  })
})
