import { describe, expect, it } from 'vitest'
import { duplicateItemEdit } from '../../../../src/studio/text-editor/duplicate-item'

/** The text after the edit, with "|" where the cursor lands. */
function after(text: string): string | undefined {
  const edit = duplicateItemEdit(text.replace('|', ''), text.indexOf('|'))
  if (!edit) return undefined
  const out = text.replace('|', '')
  const done = out.slice(0, edit.from) + edit.insert + out.slice(edit.from)
  return `${done.slice(0, edit.cursor)}|${done.slice(edit.cursor)}`
}

const hub = [
  'title: Hub',
  'blocks:',
  '  - type: audience-accordion',
  '    cards:',
  '      - title: A',
  '        image:',
  '          src: /a.webp',
  '          alt: ""',
  '        href: /a',
  '',
  '      - title: B',
  '        href: /b',
  '',
  '  - type: media-text',
  '    heading: H',
  '    bullets:',
  '      - one',
  '      - two',
  '',
].join('\n')

describe('duplicate this item', () => {
  it('copies the card around the cursor below itself, with the blank line the cards have between them', () => {
    const text = hub.replace('          src: /a.webp', '          src: /a|.webp')
    expect(after(text)).toBe(
      hub.replace('        href: /a\n', '        href: /a\n\n      - |title: A\n        image:\n          src: /a.webp\n          alt: ""\n        href: /a\n'),
    )
  })

  it('copies a bullet as a bullet, with no blank line where the bullets have none', () => {
    expect(after(hub.replace('      - one', '      - o|ne'))).toBe(hub.replace('      - one\n', '      - one\n      - |one\n'))
  })

  it('copies the last card of a list too', () => {
    expect(after(hub.replace('        href: /b', '        href: /b|'))).toContain('        href: /b\n\n      - |title: B\n        href: /b\n')
  })

  it('does nothing on a block itself or above the blocks: "Add a block" adds blocks', () => {
    expect(after(hub.replace('    heading: H', '    heading: |H'))).toBeUndefined()
    expect(after(hub.replace('title: Hub', 'title: H|ub'))).toBeUndefined()
    expect(after(hub.replace('  - type: media-text', '  - type: |media-text'))).toBeUndefined()
  })
})
