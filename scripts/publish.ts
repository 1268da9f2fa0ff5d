/**
 * `npm run publish -- --message "..." [--author "Name <email>"] [--mine pages/x.yaml] [--theirs pages/y.yaml]`:
 * list what changed since the last publish, check and build it, commit the
 * changed pages and media (nothing else) and push. Exits 0 when published,
 * 1 when refused, stopped by problems, or waiting for a choice.
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line.ts'
import { formatChange, formatOutcome, parseAuthor, publish, publishStatus, stepWords } from '../src/studio/server/publish/index.ts'
import { describedAtMost, type Author, type Choice, type PublishProgress, type PublishStep } from '../src/studio/shared/publish-types.ts'
import { moreChangesSentence } from '../src/studio/shared/publish-sentences.ts'

const { values } = readArguments(
  () =>
    parseArgs({
      options: {
        message: { type: 'string', short: 'm' },
        author: { type: 'string' },
        mine: { type: 'string', multiple: true },
        theirs: { type: 'string', multiple: true },
        root: { type: 'string' },
      },
    }),
  'npm run publish -- --message "What changed" [--author "Name <email>"] [--mine pages/x.yaml] [--theirs pages/y.yaml]',
)
const root = values.root ? resolve(values.root) : join(import.meta.dirname, '..')

let author: Author | undefined
if (values.author !== undefined) {
  author = parseAuthor(values.author)
  if (!author) fail(`Write the author as "Name <email>", for example --author "Ada Lovelace <ada@example.com>"; ${JSON.stringify(values.author)} is not.`)
}
// A page is named by its path from the project root; "about-us.yaml" for pages/about-us.yaml works too.
const pagePath = (path: string) => (path.startsWith('pages/') ? path : `pages/${path}`)
const choices: Record<string, Choice> = {}
for (const path of values.mine ?? []) choices[pagePath(path)] = 'mine'
for (const path of values.theirs ?? []) choices[pagePath(path)] = 'theirs'

const status = await publishStatus(root)
if (status.changes.length) {
  console.log(`Changed since the last publish${status.upstream ? ` to ${status.upstream.remote}/${status.upstream.branch}` : ''}:\n`)
  console.log(status.changes.slice(0, describedAtMost).map(formatChange).join('\n\n'))
  if (status.changes.length > describedAtMost) console.log(`\n${moreChangesSentence(status.changes.slice(describedAtMost))}`)
  console.log('')
}
if (status.others.length) console.log(`Not published (left as they are): ${status.others.join(', ')}\n`)

/**
 * Each step's line, and how far a step that goes through the pages is: a
 * line rewritten in place in a terminal, one line as each phase ends
 * anywhere else (CI, a log), nothing for a site of a few hundred pages.
 */
const live = Boolean(process.stdout.isTTY) && !process.env.CI
function tell(step: PublishStep, progress?: PublishProgress): void {
  if (!progress) return void console.log(stepWords[step])
  if (progress.total < 500) return
  const line = `  ${progress.phase}: ${progress.done.toLocaleString('en')} / ${progress.total.toLocaleString('en')} pages`
  const ended = progress.done === progress.total
  if (live) process.stdout.write(`\r\x1b[2K${line}${ended ? '\n' : ''}`)
  else if (ended) console.log(line)
}

const outcome = await publish(root, { message: values.message ?? '', ...(author ? { author } : {}), choices, onStep: tell })
if (outcome.kind === 'published') console.log(`\n${formatOutcome(outcome)}`)
else fail(formatOutcome(outcome))

function fail(text: string): never {
  console.error(`\n${text}`)
  process.exit(1)
}
