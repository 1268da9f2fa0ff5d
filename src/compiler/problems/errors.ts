import type { EndpointFault } from '../../shared/form-endpoint.ts'

/**
 * The one catalogue of problems an author can meet. Names are permanent
 * (tests and docs refer to them); messages say what happened, hints say what
 * to do. Locations are never part of the text: they travel in the Problem.
 */
interface CatalogueEntry<A> {
  message: (args: A) => string
  hint?: (args: A) => string | undefined
}

function entry<A = Record<string, never>>(e: CatalogueEntry<A>): CatalogueEntry<A> {
  return e
}

const q = (s: string) => JSON.stringify(s)

/** "an item", "exactly one item", "between 2 and 4 items", "at least 2 items". */
function containsRange(min: number, max: number | undefined): string {
  if (max === undefined) return min === 1 ? 'an item' : `at least ${min} items`
  if (max === min) return min === 1 ? 'exactly one item' : `exactly ${min} items`
  return min === 0 ? `at most ${max} ${max === 1 ? 'item' : 'items'}` : `between ${min} and ${max} items`
}
const list = (items: readonly string[]) => items.map((i) => q(i)).join(', ')

export const catalogue = {
  FileTooLarge: entry<{ size: number; limit: number }>({
    message: (a) => `This file is ${kib(a.size)}, more than the ${kib(a.limit)} a page may be.`,
    hint: () => 'Split the page into smaller pages, or move repeated parts into pages/_shared.yaml.',
  }),
  NotUtf8: entry<{ encoding: string }>({
    message: (a) => `This file is not UTF-8 text (${a.encoding}).`,
    hint: () => 'Save the file as "UTF-8" in your editor (in VS Code: click the encoding in the status bar, "Save with Encoding", "UTF-8").',
  }),
  EmptyFile: entry({
    message: () => 'This page file is empty.',
    hint: () =>
      'A page needs at least "title:", "description:" and "blocks:" with a list of blocks. ' +
      'To start from a valid page instead, delete this file and run: npm run new-page -- /its/address (add --like /other/page to copy a page).',
  }),
  ControlCharacter: entry<{ name: string }>({
    message: (a) => `The text contains an invisible control character (${a.name}).`,
    hint: () => 'Delete it; it usually arrives by copy-and-paste. It can make text display differently from how it reads in the file.',
  }),
  // What the reader found wrong when a file cannot be read as YAML at all,
  // one entry a case (yaml-syntax-error.ts tells them apart).
  UnclosedQuote: entry<{ quote: string; fixed?: string }>({
    message: (a) => `The quote mark ${a.quote} that starts here is never closed, so YAML reads the rest of the file as part of this text.`,
    hint: (a) => `Close it with the same quote mark at the end of the text, or remove it${a.fixed ? `: ${a.fixed}` : '.'}`,
  }),
  UnclosedBracket: entry<{ bracket: string; close: string; closed?: string; quoted?: string }>({
    message: (a) => `The ${q(a.bracket)} that starts here is never closed with ${q(a.close)}.`,
    hint: (a) =>
      a.closed && a.quoted
        ? `Close it at the end of the value (${a.closed}), or, if the bracket is part of the text, put the whole value in quotes (${a.quoted}).`
        : `Close it with ${q(a.close)}, or, if the bracket is part of the text, put the whole value in quotes.`,
  }),
  StrayBracket: entry<{ bracket: string; fixed?: string }>({
    message: (a) => `This ${q(a.bracket)} closes a bracket that was never opened.`,
    hint: (a) => `Remove it, or, if it is part of the text, put the whole value in quotes${a.fixed ? `: ${a.fixed}` : '.'}`,
  }),
  QuoteEndsEarly: entry<{ after: string; fixed: string }>({
    message: (a) => `The quoted text ends before the value does, so YAML cannot read ${asWritten(a.after)} after the closing quote.`,
    hint: (a) => `Put the whole value in quotes: ${a.fixed}`,
  }),
  SpecialFirstCharacter: entry<{ char: string; fixed: string }>({
    message: (a) => `A value cannot start with ${q(a.char)} unless it is in quotes: YAML gives that character a special meaning.`,
    hint: (a) => `Put the whole value in quotes: ${a.fixed}`,
  }),
  BadEscape: entry<{ escape: string; fixed?: string }>({
    message: (a) => `Inside double quotes a backslash starts a special character, and ${asWritten(a.escape)} is not one.`,
    hint: (a) => (a.fixed ? `Use single quotes, where a backslash is just a backslash: ${a.fixed}` : 'Write two backslashes (\\\\) for one backslash.'),
  }),
  NoSpaceAfterColon: entry<{ key: string; fixed: string }>({
    message: (a) => `There is no space after the colon, so YAML does not read ${q(a.key)} as a field.`,
    hint: (a) => `Put a space after the colon: ${a.fixed}`,
  }),
  NotAField: entry<{ word?: string }>({
    message: (a) => `This line is not a field: it has no ": " after a name${a.word ? `, so YAML cannot read ${q(a.word)}` : ''}.`,
    hint: (a) =>
      `Write a field as its name, a colon and a space, then its value${a.word ? ` (${a.word}: ...)` : ''}. If the line continues the text above, indent it deeper than that field's name.`,
  }),
  ListItemAmongFields: entry({
    message: () => 'This list item ("- ...") stands among fields, where YAML expects "name: value".',
    hint: () => 'Put the list under a field that ends with ":" (such as "bullets:"), indented deeper than that field; if the line is meant as a field, remove the "- ".',
  }),
  UnreadableLine: entry({
    message: () => 'YAML cannot read this line as part of the lines around it.',
    hint: () => 'Compare it with the lines around it: fields are written "name: value", list items "- value", and lines that belong together start in the same column.',
  }),
  BadIndentation: entry<IndentArgs & { found: number; expected: number; what: 'item' | 'field' | 'text'; continues?: number; firstField?: { name: string; shift: number } }>({
    message: (a) => {
      if (a.firstField) {
        const { name, shift } = a.firstField
        return `This list item is ${indented(a.found)}, which puts ${q(name)} ${spaces(Math.abs(shift))} to the ${shift > 0 ? 'right' : 'left'} of the fields under it.`
      }
      if (a.what === 'text') return `This line of text is ${indented(a.found)}, but the other lines of the same text are ${indented(a.expected)}.`
      return a.what === 'item'
        ? `This list item is ${indented(a.found)}, but the other items of its list are ${indented(a.expected)}.`
        : `This field is ${indented(a.found)}, but the fields around it are ${indented(a.expected)}.`
    },
    hint: (a) => {
      const fix = a.expected ? `put exactly ${spaces(a.expected)} before ${asWritten(a.text)}` : `remove the spaces before ${asWritten(a.text)}`
      if (a.firstField) return `${capitalize(fix)}, so ${q(a.firstField.name)} lines up with ${asWritten(a.sibling.text)} on line ${a.sibling.line}.`
      const prose = a.continues ? ` If it continues the text on line ${a.continues}, put that whole text in quotes instead.` : ''
      return `Line it up with ${asWritten(a.sibling.text)} on line ${a.sibling.line}: ${fix}.${prose}`
    },
  }),
  ColonInValue: entry<{ key: string; fixed: string; atEnd: boolean }>({
    message: (a) =>
      a.atEnd
        ? `The text of ${q(a.key)} ends with ":", which YAML reads as the start of another field.`
        : `The text of ${q(a.key)} contains ": ", which YAML reads as the start of another field.`,
    hint: (a) => `Put the whole text in quotes: ${a.fixed}`,
  }),
  TabIndent: entry<Partial<IndentArgs> & { expected?: number }>({
    message: () => 'A tab is used for indentation; YAML only allows spaces.',
    hint: (a) => {
      if (a.expected === undefined || !a.text) return 'Replace the tab with spaces, so the line starts in the same column as the lines it belongs with.'
      const fix = a.expected ? `Replace the tab with ${spaces(a.expected)}` : 'Delete the tab'
      const along = a.sibling ? `, so ${asWritten(a.text)} lines up with ${asWritten(a.sibling.text)} on line ${a.sibling.line}` : ` before ${asWritten(a.text)}`
      return `${fix}${along}.`
    },
  }),
  MultipleDocuments: entry({
    message: () => 'This file holds more than one YAML document (a second "---" line).',
    hint: () => 'One file is one page: delete the "---" line and everything below it, or move what is below it into a file of its own.',
  }),
  DirectiveNotAllowed: entry<{ directive: string }>({
    message: (a) => `The directive ${q(a.directive)} is not allowed.`,
    hint: () => 'Pages are read as YAML 1.2 only; delete this line (in YAML 1.1 words like "no" silently became false).',
  }),
  TagNotAllowed: entry<{ tag: string; include?: string; fixed?: string }>({
    message: (a) =>
      a.include !== undefined
        ? `${q(a.tag)} cannot bring in another file: one page file cannot include another, so the text must be written out in the page.`
        : `The tag ${q(a.tag)} is not allowed in page files.`,
    hint: (a) => {
      if (a.include !== undefined) return `Replace ${asWritten(`${a.tag} ${a.include}`.trim())} with the text itself${a.fixed ? `: ${a.fixed}` : '.'}`
      return a.fixed ? `Remove the tag. To keep the value as text, put it in quotes: ${a.fixed}` : `Remove ${q(a.tag)} and write the value as plain YAML.`
    },
  }),
  AliasNotAllowed: entry<{ name: string; more: number; anchorLine?: number; literal?: { text: string; fixed: string } }>({
    message: (a) =>
      (a.literal
        ? 'This value starts with "*", which YAML reads as an alias (a reference to another part of the file), not as text.'
        : `${q(`*${a.name}`)} is an alias (a copy of the part marked ${q(`&${a.name}`)}); aliases are not allowed in page files.`) +
      (a.more ? ` There ${a.more === 1 ? 'is 1 more alias' : `are ${a.more} more aliases`} after this one.` : ''),
    hint: (a) =>
      a.literal
        ? `If you meant the text ${asWritten(a.literal.text)}, put it in quotes: ${a.literal.fixed}`
        : `Write the part out in full instead${a.anchorLine ? `, and remove ${q(`&${a.name}`)} on line ${a.anchorLine}` : ''}. To reuse a block on several pages, put it in pages/_shared.yaml and use it with "- use: name".`,
  }),
  DuplicateKey: entry<{ key: string }>({
    message: (a) => `The field ${q(a.key)} appears twice in the same place.`,
    hint: () => 'Delete one of the two lines; YAML would otherwise silently drop the first.',
  }),
  // `key` when the items are groups of fields (cards); without it, the items are texts (bullets).
  MissingDash: entry<{ key?: string; line: number; fixed: string; sibling: { line: number; text: string }; merged?: boolean }>({
    message: (a) =>
      a.key === undefined
        ? 'This line stands among the items of a list but lost its "- ", so YAML cannot read it.'
        : `This line looks like a new list item that lost its "- ": ${q(a.key)} starts the item above too` +
          (a.merged ? ', so YAML reads the two items as one and keeps only the second.' : ', and without the "- " YAML cannot read it.'),
    hint: (a) => `Put "- " back at line ${a.line}, in the column of the "- " of ${asWritten(a.sibling.text)} on line ${a.sibling.line}: ${a.fixed}`,
  }),
  CommentCutsText: entry<{ field: string; kept: string; cut: string; fixed: string }>({
    message: (a) => `The text of ${q(a.field)} stops before " #": YAML reads ${asWritten(a.cut)} as a comment, so the page would show only ${asWritten(a.kept)}.`,
    hint: (a) => `If it is a note for editors, move it to a line of its own. If it is part of the text, put the whole text in quotes: ${a.fixed}`,
  }),
  KeyNotText: entry<{ key: string }>({
    message: (a) => `The field name ${a.key} is not plain text.`,
    hint: () => 'Field names are words like "title" or "text": write the name of the field you meant, or delete the line.',
  }),
  TooManyKeys: entry<{ count: number; limit: number }>({
    message: (a) => `This group has ${a.count} or more fields; at most ${a.limit} are allowed.`,
    hint: () => 'A page block has a handful of fields; this file is probably generated by mistake.',
  }),
  TooDeep: entry<{ limit: number }>({
    message: (a) => `The content is nested more than ${a.limit} levels deep.`,
    hint: () => 'Check the indentation and brackets: pages are never nested this deep.',
  }),
  NotAMapping: entry<{ found: string }>({
    message: (a) => `A page must be a set of fields (title, description, blocks), but this file holds ${a.found}.`,
    hint: () => 'Start the file with "title: ..." on its own line, with a space after each colon.',
  }),
  // `belongsTo`: the empty group just above has a field of this name, so the line lacks its indentation.
  UnknownField: entry<{ field: string; owner: string; known: readonly string[]; suggestion?: string; belongsTo?: { field: string; line: number } }>({
    message: (a) => `${q(a.field)} is not a field of ${a.owner}` + (a.belongsTo ? `, but of ${q(a.belongsTo.field)} above it.` : '.'),
    hint: (a) =>
      a.belongsTo
        ? `Indent it two more spaces than "${a.belongsTo.field}:" on line ${a.belongsTo.line}, so it sits under it, as do the other fields of ${q(a.belongsTo.field)}.`
        : withSuggestion(a.suggestion, `The fields of ${a.owner} are: ${list(a.known)}.`),
  }),
  // A group or a list comes with `snippet`, the YAML to add (schema-walk.ts):
  // "image: ..." written out literally would only lead to the next problem.
  MissingField: entry<{ field: string; owner: string; description?: string; example?: string; snippet?: string }>({
    message: (a) => `${capitalize(a.owner)} is missing the required field ${q(a.field)}.`,
    hint: (a) =>
      [
        a.description,
        a.snippet
          ? `Add it to ${a.owner}, lined up with its other fields, like this:\n${a.snippet}`
          : `Add a line like:  ${a.field}: ${a.example ?? '...'}`,
      ]
        .filter(Boolean)
        .join(' '),
  }),
  WrongType: entry<{ field: string; expected: string; found: string; fix?: WrongTypeFix }>({
    message: (a) => `${capitalize(a.field)} must be ${a.expected}, but here it is ${a.found}.`,
    hint: (a) => (a.fix ? wrongTypeHint(a.fix) : undefined),
  }),
  NotAllowedValue: entry<{ field: string; value: string; allowed: readonly string[]; suggestion?: string }>({
    message: (a) => `${q(a.value)} is not an allowed value for ${a.field}.`,
    hint: (a) => withSuggestion(a.suggestion, `Use one of: ${list(a.allowed)}.`),
  }),
  // The schema's own words about a field (its description and a "For
  // example: ..."), which the value problems below end their hints with.
  EmptyValue: entry<FieldAdvice>({
    message: (a) => `${capitalize(a.field)} must not be empty.`,
    hint: (a) => a.advice,
  }),
  TooShort: entry<FieldAdvice & { min: number }>({
    message: (a) => `${capitalize(a.field)} must be at least ${a.min} characters long.`,
    hint: (a) => a.advice,
  }),
  TooLong: entry<FieldAdvice & { length: number; max: number }>({
    message: (a) => `${capitalize(a.field)} is ${a.length} characters long; at most ${a.max} fit here.`,
    hint: (a) => joined('Shorten it.', a.advice),
  }),
  // `empty` is "[]" as written: YAML's empty list, which items cannot be put
  // inside the way pages write lists; `snippet` shows the list to write.
  TooFewItems: entry<FieldAdvice & { min: number; empty?: { text: string; snippet?: string } }>({
    message: (a) => `${capitalize(a.field)} needs at least ${a.min} ${a.min === 1 ? 'item' : 'items'}.`,
    hint: (a) => {
      if (!a.empty) return a.advice
      const replace = `Replace ${asWritten(a.empty.text)} with the items, each on its own line starting with "- "`
      return joined(a.description, a.empty.snippet ? `${replace}, like this:\n${a.empty.snippet}` : `${replace}.`)
    },
  }),
  TooManyItems: entry<FieldAdvice & { max: number; count: number }>({
    message: (a) => `${capitalize(a.field)} may have at most ${a.max} ${a.max === 1 ? 'item' : 'items'}, but has ${a.count}.`,
    hint: (a) => a.advice,
  }),
  OutOfRange: entry<FieldAdvice & { comparison: string; limit: number }>({
    message: (a) => `${capitalize(a.field)} must be ${({ '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' } as Record<string, string>)[a.comparison] ?? a.comparison} ${a.limit}.`,
    hint: (a) => a.advice,
  }),
  NotMultiple: entry<FieldAdvice & { step: number; value: number }>({
    message: (a) => `${capitalize(a.field)} must be a multiple of ${a.step}; ${a.value} is not.`,
    hint: (a) => [`The nearest that are: ${Math.floor(a.value / a.step) * a.step} and ${Math.ceil(a.value / a.step) * a.step}.`, a.advice].filter(Boolean).join(' '),
  }),
  FieldCount: entry<FieldAdvice & { min?: number; max?: number; count: number }>({
    message: (a) =>
      a.min !== undefined
        ? `${capitalize(a.field)} needs at least ${a.min} ${a.min === 1 ? 'field' : 'fields'}, but has ${a.count}.`
        : `${capitalize(a.field)} may have at most ${a.max} ${a.max === 1 ? 'field' : 'fields'}, but has ${a.count}.`,
    hint: (a) => [a.min !== undefined ? 'Add the fields it is missing.' : 'Take out the fields it does not need.', a.advice].filter(Boolean).join(' '),
  }),
  BadFieldName: entry<FieldAdvice & { name: string }>({
    message: (a) => `${q(a.name)} cannot be the name of a field in ${a.field}.`,
    hint: (a) => [a.advice ?? 'Rename it in the form the other fields are named.'].join(' '),
  }),
  NoKindMatches: entry<FieldAdvice & { kinds: readonly string[]; several: boolean }>({
    message: (a) =>
      a.several
        ? `${capitalize(a.field)} fits more than one of the kinds it may be (${a.kinds.join('; ')}); it must fit exactly one.`
        : `${capitalize(a.field)} must be ${a.kinds.join(', or ')}, and is none of these.`,
    hint: (a) => a.advice,
  }),
  ForbiddenValue: entry<FieldAdvice & { value?: string }>({
    message: (a) => `${capitalize(a.field)} may not be ${a.value === undefined ? 'written this way' : q(a.value)} here.`,
    hint: (a) => a.advice ?? 'Write another value.',
  }),
  WrongForm: entry<FieldAdvice>({
    message: (a) => `${capitalize(a.field)} does not have the expected form.`,
    hint: (a) => a.advice,
  }),
  // Any other rule a schema may add; the schemas here use none today.
  ContainsCount: entry<FieldAdvice & { what: string; min: number; max?: number; count?: number }>({
    message: (a) => {
      if (a.count !== undefined && a.max !== undefined && a.count > a.max) return `${capitalize(a.field)} may have ${a.max === 1 ? 'only one item' : `at most ${a.max} items`} with ${a.what}, but has ${a.count}.`
      if (a.count !== undefined) return `${capitalize(a.field)} needs ${a.min === 1 ? 'an item' : `at least ${a.min} items`} with ${a.what}${a.max !== undefined && a.max !== a.min ? ` (at most ${a.max})` : ''}, but has ${a.count}.`
      // Not counted (the schema's own words say what an item needs): say the whole range, since either end may be the one broken.
      return `${capitalize(a.field)} needs ${containsRange(a.min, a.max)} with ${a.what}.`
    },
    hint: (a) =>
      [
        a.count === undefined
          ? `Check which of them have ${a.what}: ${containsRange(a.min, a.max)} should.`
          : a.max !== undefined && a.count > a.max
            ? `Keep ${a.what} on ${a.max === 1 ? 'one of them' : `${a.max} of them`} and take it off the others.`
            : `Add ${a.what} to ${a.min === 1 ? 'one of them' : `${a.min} of them`}.`,
        a.advice,
      ]
        .filter(Boolean)
        .join(' '),
  }),
  DuplicateItems: entry<FieldAdvice & { first: number; second: number }>({
    message: (a) => `Items ${a.first} and ${a.second} of ${a.field} are the same; each must be different.`,
    hint: (a) => ['Change or remove one of them.', a.advice].filter(Boolean).join(' '),
  }),
  InvalidValue: entry<FieldAdvice & { rule: string }>({
    message: (a) => `${capitalize(a.field)} does not follow its ${q(a.rule)} rule.`,
    hint: (a) => a.advice,
  }),
  UnknownBlockType: entry<{ type: string; known: readonly string[]; suggestion?: string }>({
    message: (a) => `There is no block type ${q(a.type)}.`,
    hint: (a) =>
      withSuggestion(
        a.suggestion,
        `The block types are: ${list(a.known)}; the block catalogue (/blocks) shows each. ` +
          'If none fits, ask a developer for a new block type: say what it should show and which fields you would fill in (docs/authoring.md, "When no block fits").',
      ),
  }),
  MissingBlockType: entry<{ known: readonly string[] }>({
    message: () => 'This block has no "type", so it cannot be shown.',
    hint: (a) => `Start the block with "- type: ..." using one of: ${list(a.known)}.`,
  }),
  UnknownFragment: entry<{ name: string; known: readonly string[]; suggestion?: string }>({
    message: (a) => `There is no shared block named ${q(a.name)} in pages/_shared.yaml.`,
    hint: (a) => withSuggestion(a.suggestion, a.known.length ? `The shared blocks are: ${list(a.known)}.` : 'pages/_shared.yaml defines no shared blocks yet.'),
  }),
  FragmentWithFields: entry<{ field: string }>({
    message: (a) => `A block that uses a shared block cannot also set ${q(a.field)}.`,
    hint: () => 'Write only "- use: name". To change the shared block, edit it in pages/_shared.yaml; to change it here only, write the block out in full.',
  }),
  OutdatedBlock: entry<{ type: string; field: string; steps: string; notes: readonly string[] }>({
    message: (a) => `This ${q(a.type)} block is written the way its schema was before a change: ${q(a.field)} is an old field (${a.steps}).`,
    hint: (a) =>
      [
        'Run: npm run migrate. It rewrites the block for you, keeping your words and comments.',
        ...a.notes,
        // The block's other fields are checked against the current schema,
        // which its old field names would fail; so they wait for the migration.
        'Its other fields are checked once it is migrated: run the check again after.',
      ].join(' '),
  }),
  VersionsNotNeeded: entry({
    message: () => '"versions:" is no longer needed: the check tells an old block from a new one by its fields.',
    hint: () => 'Delete the "versions:" line and the lines indented under it, or run npm run migrate, which removes them.',
  }),
  MigrationTargetTaken: entry<{ type: string; step: string; field: string }>({
    message: (a) => `Cannot ${a.step} in this ${q(a.type)} block: it already has ${q(a.field)}.`,
    hint: () => 'Keep one of the two by hand (the migration would overwrite the other), then run npm run migrate again.',
  }),
  MigrationPathBlocked: entry<{ type: string; step: string; field: string; found: string }>({
    message: (a) => `Cannot ${a.step} in this ${q(a.type)} block: ${q(a.field)} is ${a.found}, not a set of fields.`,
    hint: (a) => `Change ${q(a.field)} by hand so the step can apply, then run npm run migrate again.`,
  }),
  BadMigrationDeclaration: entry<{ type: string; detail: string }>({
    message: (a) => `The versions declared by the ${q(a.type)} block schema are not valid: ${a.detail}.`,
    hint: () => 'See "Changing a block\'s fields" in docs/blocks.md for "x-version" and "x-migrations".',
  }),
  UnsafeLink: entry<{ href: string }>({
    message: (a) => `The link ${q(a.href)} is not allowed.`,
    hint: () => 'Links may go to a page of this site ("/about-us"), to a https:// address, or be mailto: or tel: links.',
  }),
  BadFormEndpoint: entry<{ endpoint: string; reason: EndpointFault }>({
    message: (a) =>
      `The newsletter endpoint ${q(a.endpoint)} ${
        {
          'not-a-url': 'is not a full web address',
          'not-https': 'is not an https:// address, so visitors\' email addresses would travel unencrypted',
          'has-credentials': 'holds a user name or password, which every visitor could read',
          'has-fragment': 'has a "#" part, which never reaches the server',
        }[a.reason]
      }.`,
    hint: () => 'Copy the form address your newsletter service gives you for an "HTML form" or "embedded form"; it starts with https://. To keep the addresses in the sign-up service of the site itself instead, delete the "endpoint" line.',
  }),
  BrokenLink: entry<{ href: string; suggestion?: string }>({
    message: (a) => `The link ${q(a.href)} goes to a page that does not exist.`,
    // With no near page the link is most likely to a page still to be
    // written: say how to start it (a copy of a sibling keeps its layout).
    hint: (a) =>
      a.suggestion
        ? withSuggestion(a.suggestion, 'Links to this site must match a file under pages/.')
        : `Links to this site must match a file under pages/. If the page is still to be written, start it with: npm run new-page -- ${a.href.split('#')[0]} (add --like /a-similar-page to copy one), or New page in the studio.`,
  }),
  BrokenAnchor: entry<{ href: string; route: string; ids: readonly string[]; suggestion?: string }>({
    message: (a) => `The link ${q(a.href)} goes to a part of ${a.route} that does not exist.`,
    hint: (a) =>
      withSuggestion(a.suggestion, a.ids.length ? `The blocks of ${a.route} have these ids: ${list(a.ids)}.` : `No block of ${a.route} has an id yet; give the block you mean one with "id:".`),
  }),
  MissingMedia: entry<{ src: string; suggestion?: string }>({
    message: (a) => `The file ${q(a.src)} does not exist in public/.`,
    hint: (a) => withSuggestion(a.suggestion, 'Put the file under public/ and write its path from there, starting with "/".'),
  }),
  HighlightNotInTitle: entry<{ highlight: string; title: string }>({
    message: (a) => `The highlight ${q(a.highlight)} does not appear in the title ${q(a.title)}.`,
    hint: () => 'The highlight must be a word or phrase copied exactly (same capitals) from the title.',
  }),
  // Search results show a page's title and description; two pages that share
  // one cannot be told apart there, and a shared one is usually left over
  // from a page copied with new-page --like.
  SameAsOtherPage: entry<{ field: 'title' | 'description'; other: string }>({
    message: (a) => `This page has the same ${a.field} as ${a.other}.`,
    hint: (a) =>
      `Search results show the ${a.field} of each page, so visitors could not tell the two apart. Write one that says what is particular to this page.` +
      (a.field === 'description' ? ' If this page was copied from the other, check its other words too.' : ''),
  }),
  StarterText: entry<{ field: string }>({
    message: (a) => `The ${q(a.field)} is still the placeholder a new page starts with.`,
    hint: () => 'Replace it with words about this page before it is published: search results and visitors would see the placeholder.',
  }),
  CopiedHeroText: entry<{ field: 'title' | 'text'; other: string }>({
    message: (a) => `This page's hero has the same ${a.field} as the hero of ${a.other}; it looks copied and not yet changed.`,
    hint: () => 'Write the hero\'s words for this page: a visitor arriving from search would think they landed on the other page. (Pictures may stay the same.)',
  }),
  CopiedText: entry<{ field: string; other: string }>({
    message: (a) => `This ${q(a.field)} says word for word what ${a.other} already says; it looks copied and not yet changed.`,
    hint: () =>
      'Write this page\'s own words here: a visitor (and a search engine) would read the same text twice. If the block should be the same on several pages, put it in pages/_shared.yaml and write "- use: its-name" on each page instead.',
  }),
  BackLinkDoesNotReturn: entry<{ target: string; route: string; leadHere: readonly string[] }>({
    message: (a) => `The back link goes to ${a.target}, which has no link to this page (${a.route}).`,
    hint: (a) =>
      `A back link returns to the page that leads here, and ${list(a.leadHere)} ${a.leadHere.length === 1 ? 'links' : 'link'} to this page: change the back link's href (and label) to ${a.leadHere.length === 1 ? 'it' : 'one of them'}, or add a link to ${a.route} on ${a.target} (on a hub, a card).`,
  }),
  RouteCollision: entry<{ route: string; other: string }>({
    message: (a) => `This file and ${a.other} both make the page ${q(a.route)}.`,
    hint: () => 'Rename or remove one of the two files.',
  }),
  RouteCaseCollision: entry<{ route: string; otherRoute: string; other: string }>({
    message: (a) => `This file makes the page ${q(a.route)}, which differs from ${q(a.otherRoute)} (made by ${a.other}) only in capital letters.`,
    hint: () => 'Windows and macOS treat the two file names as one, so one page would overwrite the other. Rename one of the two files.',
  }),
  InvalidFileName: entry<{ name: string }>({
    message: (a) => `The file name ${q(a.name)} cannot become a web address.`,
    hint: () => 'Use letters, digits and dashes only, e.g. pages/b2b/new-page.yaml.',
  }),
  // The build needs both halves of a block type; the check reports a missing
  // half at the file that is there, before the build would fail.
  SchemaRefused: entry<{ sentence: string; hint: string }>({
    message: (a) => `This schema breaks a rule of JSON Schema: ${a.sentence}.`,
    hint: (a) => a.hint,
  }),
  SchemaUndocumented: entry<{ what: string; missing: 'description' | 'examples'; block: boolean }>({
    message: (a) => `${capitalize(a.what)} has no "${a.missing}".`,
    hint: (a) =>
      a.missing === 'description'
        ? `Add "description": one sentence, in an author's words, saying what ${a.block ? 'the block shows' : 'it is for'}. The studio's form and the YAML tab show it as help${a.block ? ', and the block catalogue under the block\'s name' : ''}.`
        : a.block
          ? 'Add "examples": [ ... ] with at least one whole block as a page would hold it ("type" included). The block catalogue shows it, and the check runs it as a real page\'s block.'
          : 'Add "examples": [ ... ] with a value an author might write. The block catalogue and the YAML tab\'s completion offer it.',
  }),
  SchemaFieldKindMismatch: entry<{ what: string; kind: string; needs: string }>({
    message: (a) => `${capitalize(a.what)} says it holds ${a.kind === 'blocks' ? 'the blocks' : `a ${a.kind}`} ("x-field": "${a.kind}") but has no ${a.needs}.`,
    hint: (a) => `Add ${a.needs} beside "x-field", or take "x-field" away: the studio gives the field the ${a.kind === 'blocks' ? 'blocks editor' : `${a.kind} chooser`}, which writes ${a.kind === 'blocks' ? 'a list' : 'a file\'s address'}.`,
  }),
  SchemaExampleFails: entry<{ type: string; index: number; message: string }>({
    message: (a) => `Example ${a.index + 1} of the ${q(a.type)} block does not pass a page's check: ${a.message}`,
    hint: () => 'Examples are checked as a block of a real page of this site: a link must lead to one of its pages and a picture be in public/. Change the example, or the page or file it points to.',
  }),
  GeneratedStale: entry<{ missing: boolean }>({
    message: (a) => (a.missing ? 'src/generated/ is missing: the types and editor schemas made from schema/ are not there.' : 'src/generated/ is out of date: a schema under schema/ changed since the types and editor schemas were made from it.'),
    hint: () => 'Run npm run gen, which writes src/generated/ from schema/ again (then npm run typecheck finds the components that read a changed field).',
  }),
  TypeCheckFailed: entry<{ message: string }>({
    message: (a) => `${a.message.replace(/\.$/, '')}.`,
    hint: () => 'The build type-checks src/ and stops before writing anything (npm run typecheck shows the same). After a schema change, run npm run gen first: a component reading a renamed field shows here at its line.',
  }),
  BlockRenderFailed: entry<{ type: string; block: number; route: string; error: string; source?: string }>({
    message: (a) => `The ${q(a.type)} block (block ${a.block} of ${a.route}) passed every check but its component failed while the page was prerendered: ${a.error}${a.source ? `, at ${a.source}` : ''}.`,
    hint: (a) =>
      `The component reads something its schema does not promise for this block: compare ${a.source ?? `src/blocks/${a.type}/index.tsx`} with schema/blocks/${a.type}.schema.json and this block. After a schema change, npm run gen and npm run typecheck find the components that still read an old field.`,
  }),
  PageRenderFailed: entry<{ route: string; error: string; source?: string }>({
    message: (a) => `${a.route} passed every check but failed while it was prerendered, outside any one of its blocks: ${a.error}${a.source ? `, at ${a.source}` : ''}.`,
    hint: () => 'Each block renders alone without failing, so look at the page around them (src/app/layout.tsx, the header and footer with pages/_site.yaml) or at how its blocks go together.',
  }),
  BlockWithoutComponent: entry<{ type: string }>({
    message: (a) => `The block type ${q(a.type)} has a schema but no component to draw it.`,
    hint: (a) => `Add src/blocks/${a.type}/index.tsx (docs/blocks.md says how), or delete this schema if the block type is not wanted.`,
  }),
  ComponentWithoutSchema: entry<{ type: string }>({
    message: (a) => `The block component ${q(a.type)} has no schema, so no page can use it.`,
    hint: (a) => `Add schema/blocks/${a.type}.schema.json (docs/blocks.md says how), or delete the folder src/blocks/${a.type}/.`,
  }),
  LoneSurrogate: entry<{ code: string }>({
    message: (a) => `The text contains ${a.code}, half of a character pair on its own, which no browser can show.`,
    hint: () => 'Delete the escape ("\\uD800" and the like) or write the whole character itself; an emoji, for example, can be typed or pasted as it is.',
  }),
  BlankText: entry<{ field: string }>({
    message: (a) => `${capitalize(a.field)} holds only spaces, so nothing would show.`,
    hint: () => 'Write the text, or delete the line if the field is optional (a picture that is pure decoration has alt: "").',
  }),
  DuplicateId: entry<{ id: string; shared?: string }>({
    message: (a) => `The id ${q(a.id)} is already used by another block on this page${a.shared ? ` (this one comes from the shared block ${q(a.shared)})` : ''}.`,
    hint: (a) =>
      a.shared
        ? `Each id names one place on the page. Change the other block's id, or write this block out in full with its own id instead of "- use: ${a.shared}".`
        : 'Each id names one place on the page; pick another.',
  }),
  ReservedId: entry<{ id: string; usedBy: string }>({
    message: (a) => `The id ${q(a.id)} is taken by ${a.usedBy}, which every page has.`,
    hint: (a) => `Pick another id, such as ${q(`${a.id}-section`)}; two elements with one id break links to it and the "Skip to content" link.`,
  }),
  NotAPageFile: entry<{ name: string; rename?: string }>({
    message: (a) => `${q(a.name)} in pages/ is not read: only files whose names end in ".yaml" are pages.`,
    hint: (a) =>
      a.rename
        ? `Rename it to ${q(a.rename)} (small letters) so it becomes a page.`
        : 'Move it out of pages/ (pictures and downloads belong under public/), or rename it to end in ".yaml" if it is a page.',
  }),
  MissingSiteFile: entry({
    message: () => 'There is no pages/_site.yaml: the header menus and the footer of every page come from it.',
    hint: () => 'Restore it (git checkout pages/_site.yaml), or write one with "brand:", "url:", "header:" and "footer:" as docs/authoring.md describes.',
  }),
  SharedNotAMapping: entry<{ found: string }>({
    message: (a) => `pages/_shared.yaml must name shared blocks, each a name followed by the block's fields, but it holds ${a.found}.`,
    hint: () => 'Write each shared block as its name, a colon, then the block indented under it, like this:\ninvestorsHeader:\n  type: intro\n  title: The people who move markets',
  }),
  FragmentNotABlock: entry<{ name: string; found: string }>({
    message: (a) => `The shared block ${q(a.name)} must be a block (its fields, starting with "type:"), but here it is ${a.found}.`,
    hint: (a) => `Indent the block's fields under the name, like this:\n${a.name}:\n  type: intro\n  title: ...`,
  }),
  // A link out of public/ could publish anything it reaches (.env, .git/);
  // one out of pages/ would read files that are not pages.
  // An SVG opened at its own address runs its script as the site, or as the studio (svg-safety.ts).
  ActiveSvg: entry<{ what: string }>({
    message: (a) => `This SVG holds ${a.what}, which would run as code wherever the file is opened.`,
    hint: () => 'Pictures here are pictures only: remove it, or export the picture again as plain SVG (design tools have an option for it). An icon never needs code.',
  }),
  // Any file in public/ opens at the site's own address: one that a browser runs would run as the site (public-code.ts).
  CodeInPublic: entry<{ what: string }>({
    message: (a) => `This file holds ${a.what}, which a browser would run as the site itself if it were published.`,
    hint: () => 'public/ holds pictures, videos and documents only: delete this file. A new page is a file under pages/, and code is a developer\'s signed change.',
  }),
  LinkLeavesFolder: entry<{ folder: string }>({
    message: (a) => `This is a link to something outside ${a.folder}; it is not read, checked or published.`,
    hint: (a) => `Copy the file itself into ${a.folder} instead of linking to it, or delete the link.`,
  }),
  LinkLoop: entry({
    message: () => 'This link leads back into a folder that is already read (a loop, or a second way into the same folder).',
    hint: () => 'Delete the link: every file needs one place in the project.',
  }),
  DanglingLink: entry({
    message: () => 'This link points to a file that does not exist.',
    hint: () => 'Delete the link, or copy the file it should show into the project in its place.',
  }),
  MediaWrongType: entry<{ src: string; extension: string; found?: string; use: 'picture' | 'video'; expected: readonly string[] }>({
    message: (a) =>
      `${q(a.src)} is used as a ${a.use}, ${a.expected.includes(a.extension) ? `and its name says .${a.extension}, ` : ''}but the file ${a.found ? `holds a ${a.found.toUpperCase()} ${a.found === 'mp4' || a.found === 'webm' ? 'video' : 'picture'}` : `is not a ${a.use} a browser can show`}.`,
    hint: (a) => `A ${a.use} must be a file of the kind its name ends with (${a.expected.map((e) => `.${e}`).join(', ')}). Save it again in that format from the program that made it, or point to the right file.`,
  }),
  MediaTooLarge: entry<{ src: string; bytes: number; limit: number; use: 'picture' | 'video' }>({
    message: (a) => `${q(a.src)} is ${mib(a.bytes)}; a ${a.use} may be at most ${mib(a.limit)}.`,
    hint: (a) => (a.use === 'picture' ? 'Save a smaller copy (WebP at 80% quality is usually a tenth of the size) and use that.' : 'Shorten the video or encode it at a lower bit rate.'),
  }),
  MediaTooManyPixels: entry<{ src: string; width: number; height: number; limit: number }>({
    message: (a) => `${q(a.src)} is ${a.width} x ${a.height} pixels; a picture may be at most ${a.limit} pixels on its longest side.`,
    hint: () => 'Scale it down before adding it: no screen needs more than about 2,400 pixels across.',
  }),
  TooManyProblems: entry<{ count: number; atLeast?: boolean }>({
    message: (a) => `…and ${a.atLeast ? 'at least ' : ''}${a.count} more ${a.count === 1 ? 'problem' : 'problems'} in this file.`,
    hint: () => 'Fix the ones above first; the rest often disappear with them.',
  }),
} as const

export type ProblemCode = keyof typeof catalogue

/**
 * The problems of a file the YAML reader cannot read, each explained by
 * src/compiler/yaml/: tests/unit/compiler/yaml/parse-yaml.test.ts must show an input for
 * every one, so none can silently stop being reported.
 */
export const yamlSyntaxCodes = [
  'MultipleDocuments',
  'TabIndent',
  'MissingDash',
  'BadIndentation',
  'ColonInValue',
  'AliasNotAllowed',
  'UnclosedQuote',
  'UnclosedBracket',
  'StrayBracket',
  'QuoteEndsEarly',
  'SpecialFirstCharacter',
  'BadEscape',
  'NoSpaceAfterColon',
  'NotAField',
  'ListItemAmongFields',
  'UnreadableLine',
] as const satisfies readonly ProblemCode[]

/**
 * A problem found in a source file. The location travels beside the message,
 * never inside it, so the same problem can be printed for a terminal, shown in
 * Vite's overlay or asserted in a test.
 */
export interface Problem {
  /** Permanent name from the catalogue above, e.g. "UnknownBlockType". */
  code: ProblemCode
  /** Path relative to the project root, with forward slashes. */
  file: string
  /** 1-based line and column of the faulty node. */
  line: number
  column: number
  /** The problem's kind in a few words, for a heading or a list: "Unknown block type". */
  title: string
  /** What is wrong, in plain words. */
  message: string
  /** What to do about it. */
  hint?: string
  /** The values the message was made from, for tools that act on a problem (counting, fix buttons) without reading its English. */
  args?: Readonly<Record<string, unknown>>
  /** Where in the page's data the problem is ("blocks", 2, "title"), when it is about a value: the studio's forms show it at that field. */
  path?: readonly (string | number)[]
}
export type ArgsOf<K extends ProblemCode> = Parameters<(typeof catalogue)[K]['message']>[0]

export interface Location {
  file: string
  line: number
  column: number
  /** The data path of the value the location points at (locate.ts's locatePath gives it). */
  path?: readonly (string | number)[]
}

/** Build a Problem from a catalogue entry; the one way problems are made. */
export function problem<K extends ProblemCode>(code: K, args: ArgsOf<K>, at: Location): Problem {
  const e = catalogue[code] as CatalogueEntry<ArgsOf<K>>
  const hint = e.hint?.(args)
  return { code, ...at, title: titleOf(code), message: e.message(args), ...(hint ? { hint } : {}), args: args as Record<string, unknown> }
}

/** "UnknownBlockType" -> "Unknown block type": the catalogue's permanent names already say each kind in words. */
export function titleOf(code: ProblemCode): string {
  const words = code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * How to mend a value of the wrong kind (schema/wrong-type.ts picks one). An
 * author who follows the hint word for word ends up with a valid page, so a
 * group or a list is shown as the YAML to write (`snippet`, from the schema's
 * example), never as "a value after the colon".
 */
export type WrongTypeFix =
  /** "eyebrow: #1 choice": the comment took the whole value. */
  | { kind: 'comment-ate-value'; name: string; rest: string }
  /** "title: 2024" or "label: yes" where text was meant. */
  | { kind: 'quote-to-keep'; shown: string; reads: 'a number' | 'true or false' }
  /** "title: Who: everyone" where text was meant. */
  | { kind: 'colon-made-fields' }
  | { kind: 'write-list'; snippet?: string }
  | { kind: 'write-item-fields'; snippet?: string }
  | { kind: 'write-group'; name: string; snippet?: string }
  /** Nothing after the colon (or after "- "), by what the field holds. */
  | { kind: 'empty-item' }
  | { kind: 'empty-group'; name: string; optional: boolean; snippet?: string }
  | { kind: 'empty-list'; name: string; optional: boolean; min: number; snippet?: string }
  | { kind: 'empty-optional' }
  | { kind: 'empty-required'; name: string; example?: unknown }

function wrongTypeHint(fix: WrongTypeFix): string {
  const optional = (name: string) => `"${name}" is optional: delete the line if you do not need it. Otherwise `
  switch (fix.kind) {
    case 'comment-ate-value':
      return `In YAML "#" starts a comment, so ${JSON.stringify(fix.rest)} was read as nothing. Put the value in quotes: ${fix.name}: "${fix.rest}"`
    case 'quote-to-keep':
      return `YAML reads ${fix.shown} as ${fix.reads}. Put it in quotes to keep it as written: "${fix.shown}"`
    case 'colon-made-fields':
      return 'A ": " inside the value made YAML read it as a field. Put the whole value in quotes.'
    case 'write-list':
      return likeThis('Write each item on its own line, starting with "- "', fix.snippet)
    case 'write-item-fields':
      return likeThis('Write the item as fields: the first after the "- ", the others lined up under it', fix.snippet)
    case 'write-group':
      return likeThis(`Write its fields on the lines below "${fix.name}:", indented two more spaces, with nothing after the colon`, fix.snippet)
    case 'empty-item':
      return 'Write the item after the "- ", or delete the line.'
    case 'empty-group':
      return likeThis(`${fix.optional ? `${optional(fix.name)}put` : 'Put'} its fields on the lines below "${fix.name}:", indented two more spaces`, fix.snippet)
    case 'empty-list': {
      const needs = `It needs at least ${fix.min === 1 ? 'one item' : `${fix.min} items`}`
      return likeThis(`${fix.optional ? `${optional(fix.name)}${needs.toLowerCase()}` : needs}: write each on its own line below "${fix.name}:", starting with "- "`, fix.snippet)
    }
    case 'empty-optional':
      return 'Write a value after the colon, or remove the field.'
    case 'empty-required':
      return fix.example === undefined ? `Write a value after the colon; "${fix.name}" is required.` : `Write a value after the colon, like:  ${fix.name}: ${JSON.stringify(fix.example)}`
  }
}

/** A sentence that ends in the YAML to write, when there is some to show. */
function likeThis(sentence: string, snippet: string | undefined): string {
  return snippet ? `${sentence}, like this:\n${snippet}` : `${sentence}.`
}

/**
 * A field's value broke a rule of its schema. `advice` is what the schema
 * says about the field (its description, then an example), `description`
 * the description alone.
 */
interface FieldAdvice {
  field: string
  advice?: string
  description?: string
}

function joined(...parts: (string | undefined)[]): string | undefined {
  return parts.filter(Boolean).join(' ') || undefined
}

/** The line a misplaced line should line up with, and the start of its own content. */
interface IndentArgs {
  sibling: { line: number; text: string }
  text: string
}

/**
 * A file that cannot be read is reported at its first syntax error only: the
 * parser is lost after it, and what it says next is noise. The note goes
 * first because hints end with the corrected line, which must stay last to
 * read as a line.
 */
export function asFirstSyntaxProblem(p: Problem): Problem {
  return { ...p, hint: ['Fix this first; the rest of the file is checked once it reads correctly.', p.hint].filter(Boolean).join(' ') }
}

/** Source text quoted as written: escaping it (as q does) would change what the author sees. */
function asWritten(text: string): string {
  return `"${text}"`
}

function indented(count: number): string {
  return count === 0 ? 'not indented' : `indented ${spaces(count)}`
}

function spaces(count: number): string {
  return `${count} ${count === 1 ? 'space' : 'spaces'}`
}

function withSuggestion(suggestion: string | undefined, rest: string): string {
  return suggestion ? `Did you mean ${q(suggestion)}? ${rest}` : rest
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024)} KiB`
}
