/**
 * `npm run spec-content`: does the site still say what SPEC.md quotes?
 *
 * The study figures of the specification's section 9, each on the page its
 * topic belongs to, and the layout it fixes for the audience pages. These are
 * content, so they are not part of `npm test` (an author may change a figure
 * when the study changes, and the tests must not stop them). This is the
 * review aid for that change: run it, and every figure no longer on its page
 * is listed. Exit code 1 when something is missing.
 */
import { join } from 'node:path'
import { loadSite, projectPaths } from '../src/compiler/index'

/** Written as the spec gives them. */
export const figures: Record<string, string[]> = {
  '/b2b/tradespeople': ['8,000 interviews of 16 minutes', '18 European nations', '8th year'],
  '/b2b/retail': ['200 monthly interviews'],
  '/b2b/construction': ['1,500 interviews in 25 markets'],
  '/b2b/smes': ['2,500 telephone interviews', '12 markets', '8 languages', '200 SMEs', 'Weekly delivery'],
  '/b2b/agriculture': ['30 to 1,500 cows', '200 interviews', 'about 20 minutes'],
  '/b2b/automotive': ['15-minute online discussions', '3,750 discussions', '2,500 interviews', '5 regions', 'At least 100 responses per region'],
  '/b2b/technology': ['Quarterly', 'Five regions', 'ten markets', '10,000 minutes'],
  '/investor/reachB2b': ['35,000+ finance experts', 'Over 25,000 financial thought leaders'],
  '/investor/corporateBanking': ['15 domains', '3 continents', 'About 1,500 interviews a year', '20 minutes'],
  '/investor/financialDecisionMakers': ['companies above $1 billion annual earnings'],
  '/invester-audiance': ['35,000+ finance experts', 'Over 25,000 financial thought leaders', 'companies above $1 billion annual earnings'],
  '/leaders/csuite': ['50 discussions per market', '5 nations', '30 minutes', 'follow-up after three months', '150 interviews of 20 minutes'],
  '/leaders/influencers': ['400 surveys in 35 countries', '350 interviews', '25 markets'],
  '/leaders/businessLeaders': ['over 1 billion dollars', 'over 3 billion', '30-minute interviews', '5 regions'],
  '/leaders/esg': ['350 consumer interviews', '20 thought-leader discussions'],
  '/healthcare/professionals': ['7,000 interviews of 15 minutes', '25 markets', '8 months'],
  '/healthcare/lifeSciences': ['7 waves over 3 years', '3 regions', '10 categories', 'About 3,500 interviews a year'],
  '/healthcare/pharma': ['7-wave pharma, biopharma and biotech tracking', '1,500 interviews a year', '3 territories', '9 sectors', 'about 20 minutes'],
  '/socail/generalPublic': ['1,000 interviews', '15 languages', '30-minute calls'],
  '/media/marketingAgencies': ['500 surveys in US, UK, France, Germany', '60% firm-funded and 40% agency-funded'],
  '/media/newsAgencies': ['1,000 interviews', '10 markets', '3 regions'],
}

/** Every string a value holds, at any depth: what the page prints. */
const words = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(words) : value && typeof value === 'object' ? Object.values(value).flatMap(words) : []

export function specContentProblems(root: string): string[] {
  const { pages } = loadSite(projectPaths(root))
  const page = (route: string) => pages.find((p) => p.route === route)?.page
  const problems: string[] = []
  for (const [route, wanted] of Object.entries(figures)) {
    const found = page(route)
    if (!found) {
      problems.push(`${route}: the page is missing`)
      continue
    }
    const text = words(found.blocks).join('\n')
    for (const figure of wanted) if (!text.includes(figure)) problems.push(`${route}: no longer says "${figure}"`)
  }
  // Section 2, audience hubs: the media hub repeats the investors hub's section header.
  const header = (route: string) => JSON.stringify(page(route)?.blocks.find((b) => b.type === 'intro'))
  if (header('/media-audiance') !== header('/invester-audiance')) problems.push('/media-audiance: its intro is no longer the one /invester-audiance shows')
  // Section 2, audience detail pages: two or three picture-and-text sections.
  for (const { route, page: p } of pages) {
    const backTo = p.blocks.find((b) => b.type === 'hero')?.backLink?.href
    if (!backTo?.match(/-audi[ae]nce$/)) continue
    const count = p.blocks.filter((b) => b.type === 'media-text').length
    if (count < 2 || count > 3) problems.push(`${route}: has ${count} media-text sections; the spec's detail pages have 2 or 3`)
  }
  return problems
}

// Run as a command (the unit test imports it instead).
if (process.argv[1] === import.meta.filename) {
  const problems = specContentProblems(join(import.meta.dirname, '..'))
  for (const problem of problems) console.log(problem)
  console.log(problems.length ? `${problems.length} differences from SPEC.md's figures and layout` : 'The pages say every figure SPEC.md quotes, where it quotes it.')
  process.exit(problems.length ? 1 : 0)
}
