/** The publish core, for the CLI (scripts/publish.ts, scripts/history.ts) and the studio's server routes. */
export { publish, publishChange, type ChangeToPublish, type PublishOptions } from './publish.ts'
export { publishStatus } from './status.ts'
export { pageHistory, deletedPages, fileAt, routeOf, routeHistory } from './history.ts'
export { getAuthor, setAuthor, parseAuthor } from './author.ts'
export { pageDiff } from './page-diff.ts'
export { formatChange, formatOutcome, formatVersion, stepWords } from './format.ts'
