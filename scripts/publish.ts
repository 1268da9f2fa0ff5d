/**
 * `npm run publish -- --message "..." [--author "Name <email>"] [--mine pages/x.yaml] [--theirs pages/y.yaml]`:
 * list what changed since the last publish, check and build it, commit the
 * changed pages and media (nothing else) and push. Exits 0 when published,
 * 1 when refused, stopped by problems, or waiting for a choice.
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { formatChange, formatOutcome, parseAuthor, publish, publishStatus, stepWords } from '../src/studio/server/publish/index.ts'
import type { Author, Choice } from '../src/studio/shared/publish-types.ts'

const { values } = parseArgs({
  options: {
    message: { type: 'string', short: 'm' },
    author: { type: 'string' },
    mine: { type: 'string', multiple: true },
    theirs: { type: 'string', multiple: true },
    root: { type: 'string' },
  },
})
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
  console.log(status.changes.map(formatChange).join('\n\n'))
  console.log('')
}
if (status.others.length) console.log(`Not published (left as they are): ${status.others.join(', ')}\n`)

const outcome = await publish(root, { message: values.message ?? '', ...(author ? { author } : {}), choices, onStep: (step, progress) => progress || console.log(stepWords[step]) })
if (outcome.kind === 'published') console.log(`\n${formatOutcome(outcome)}`)
else fail(formatOutcome(outcome))

function fail(text: string): never {
  console.error(`\n${text}`)
  process.exit(1)
}
