import { describe, expect, it } from 'vitest'
import { pageDiff } from '../../../../src/studio/server/publish/page-diff'

const page = (blocks: string) => `title: About\ndescription: Who we are.\nblocks:\n${blocks}`
const faq = (answer: string) => `  - type: faq\n    title: Questions\n    items:\n      - question: Why?\n        answer: Because.\n      - question: How?\n        answer: ${answer}\n`
const intro = (title: string) => `  - type: intro\n    title: ${title}\n`

describe('a page change in page terms', () => {
  it('labels a changed field by block, list item and field, and shows the words', () => {
    expect(pageDiff('pages/a.yaml', page(intro('Hi') + faq('Slowly.')), page(intro('Hi') + faq('Quickly and well.')))).toEqual([
      { kind: 'changed', label: 'Block 2 (faq) › items › 2 › answer', before: 'Slowly.', after: 'Quickly and well.' },
    ])
  })

  it('shows an inserted block as added, not every block below it as changed', () => {
    expect(pageDiff('pages/a.yaml', page(intro('Hi') + faq('x')), page(intro('New') + intro('Hi') + faq('x')))).toEqual([
      { kind: 'added', label: 'Block 1 (intro)', after: 'New' },
    ])
  })

  it('tells a removed block and a top-level field by name', () => {
    const before = page(intro('Hi') + faq('x'))
    const after = page(faq('x')).replace('title: About', 'title: About us')
    expect(pageDiff('pages/a.yaml', before, after)).toEqual([
      { kind: 'changed', label: 'title', before: 'About', after: 'About us' },
      { kind: 'removed', label: 'Block 1 (intro)', before: 'Hi' },
    ])
  })

  it('lists a new page field by field and block by block', () => {
    expect(pageDiff('pages/a.yaml', null, page(intro('Hi')))).toEqual([
      { kind: 'added', label: 'title', after: 'About' },
      { kind: 'added', label: 'description', after: 'Who we are.' },
      { kind: 'added', label: 'Block 1 (intro)', after: 'Hi' },
    ])
  })

  it('says when only comments or layout changed', () => {
    expect(pageDiff('pages/a.yaml', page(intro('Hi')), `# note\n${page(intro('"Hi"'))}`)).toEqual([{ kind: 'changed', label: 'comments and layout' }])
  })

  it('falls back to lines of text when a version does not parse', () => {
    expect(pageDiff('pages/a.yaml', 'title: A\ndescription: B\n', 'title: "A\ndescription: B\n')).toEqual([
      { kind: 'changed', label: 'line 1', before: 'title: A', after: 'title: "A' },
    ])
  })

  it('names a shared block of pages/_shared.yaml by its name and type', () => {
    expect(pageDiff('pages/_shared.yaml', 'contact:\n  type: intro\n  title: Write to us\n', 'contact:\n  type: intro\n  title: Call us\n')).toEqual([
      { kind: 'changed', label: 'Shared block contact (intro) › title', before: 'Write to us', after: 'Call us' },
    ])
  })
})
