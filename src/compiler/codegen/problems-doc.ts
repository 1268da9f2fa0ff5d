import { catalogue, titleOf, type ArgsOf, type ProblemCode } from '../problems/errors.ts'

/**
 * docs/problems.md, made by `npm run gen` from the catalogue of problems
 * (problems/errors.ts): a section per code, headed by the code the
 * commands print after each problem ("[BrokenLink]"), with what it means,
 * its message and its hint. A message is shown with its values as
 * ‹names›; where a message computes with its values (sizes, lists), with
 * the example values below. generated-outputs.test.ts keeps the file
 * current.
 */
export function problemsReference(): string {
  const sections = problemSections().map(({ code, title, message, hint }) =>
    [`## ${code}`, '', `**${title}.** ${quote(message)}`, ...(hint ? ['', `What to do: ${quote(hint)}`] : [])].join('\n'),
  )
  return [
    '# Problems',
    '',
    '<!-- Made by npm run gen from src/compiler/problems/errors.ts: change the catalogue there, not this file. -->',
    '',
    'Every problem `npm run check`, the build, `npm run gen` and the studio report has a code, printed after it:',
    '',
    '```',
    'pages/b2b/smes.yaml:6:11  There is no block type "heor".  [UnknownBlockType]',
    '    hint: Did you mean "hero"? ...',
    '```',
    '',
    'Each code has a section here, in alphabetical order. A value the message fills in is shown as ‹name›.',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n')
}

/** One code's section of the reference, in the code's alphabetical order: docs/problems.md, and the studio's page of problems (studio/server/problems-page.ts). */
export interface ProblemSection {
  code: ProblemCode
  /** The code in words: "Broken link". */
  title: string
  message: string
  hint?: string
}

export function problemSections(): ProblemSection[] {
  return (Object.keys(catalogue) as ProblemCode[]).sort().map((code) => {
    const { message, hint } = said(code)
    return { code, title: titleOf(code), message, ...(hint ? { hint } : {}) }
  })
}

function said(code: ProblemCode): { message: string; hint?: string } {
  const entry = catalogue[code] as { message: (a: unknown) => string; hint?: (a: unknown) => string | undefined }
  const args = code in exampleArgs ? exampleArgs[code as keyof typeof exampleArgs] : placeholders
  return { message: entry.message(args), hint: entry.hint?.(args) }
}

/** Every value named, as "‹name›". */
const placeholders = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? `‹${key}›` : undefined) })

/** Values for the messages that compute with theirs (a size in KiB, a list joined, a choice of wording). */
const exampleArgs: { [K in ProblemCode]?: ArgsOf<K> } = {
  FileTooLarge: { size: 3_145_728, limit: 2_097_152 },
  BadIndentation: { found: 5, expected: 4, what: 'field', sibling: { line: 3, text: 'type: hero' }, text: 'title: x' },
  TabIndent: { expected: 4, sibling: { line: 3, text: 'type: hero' }, text: 'title: x' },
  AliasNotAllowed: { name: 'note', more: 0 },
  MissingDash: { key: 'label', line: 7, fixed: '  - label: Contact', sibling: { line: 5, text: '- label: About' } },
  UnknownField: { field: 'heading', owner: 'the "intro" block', known: ['title', 'text'], suggestion: 'title' },
  NotAllowedValue: { field: 'size', value: 'huge', allowed: ['tall', 'short'], suggestion: 'tall' },
  NoKindMatches: { field: 'video', kinds: ['a video', 'nothing'], several: false },
  UnknownBlockType: { type: 'heor', known: ['hero', 'intro', 'faq'], suggestion: 'hero' },
  MissingBlockType: { known: ['hero', 'intro', 'faq'] },
  UnknownFragment: { name: 'investorHeader', known: ['investorsHeader'], suggestion: 'investorsHeader' },
  BadFormEndpoint: { endpoint: 'http://example.org/signup', reason: 'not-https' },
  BrokenAnchor: { href: '/about-us#team', route: '/about-us', ids: ['story', 'values'] },
  BackLinkDoesNotReturn: { target: '/about-us', route: '/b2b/smes', leadHere: ['/b2b-audience'] },
  MediaWrongType: { src: '/media/img/team.mp4', extension: '.mp4', use: 'picture', expected: ['.webp', '.jpg', '.png', '.svg'] },
  MediaTooLarge: { src: '/media/img/team.webp', bytes: 12_582_912, limit: 5_242_880, use: 'picture' },
  TooFewItems: { field: 'cards', min: 2 },
  NotMultiple: { field: 'columns', step: 2, value: 3 },
}

/** A catalogue sentence as Markdown text: its own words, with nothing Markdown would read as markup. */
function quote(text: string): string {
  return text.replace(/([\\`*_[\]<>|])/g, '\\$1').replace(/\n/g, ' ')
}
