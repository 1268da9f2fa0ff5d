import { expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../../src/compiler/index'
import { projectRoot } from '../../support/fixture-targets'

/**
 * The routes the specification fixes (its section 2), spelled as it spells
 * them ('invester-audiance' and 'socail' included): links from elsewhere
 * depend on them, so they are a contract, not content. Adding pages is
 * fine; moving or renaming one of these fails here.
 */
const specRoutes = [
  '/', '/b2b-audience', '/invester-audiance', '/leader-audiance', '/healthcare-audiance', '/social-audiance', '/media-audiance',
  '/social-sampling', '/telephone-search', '/online-search', '/interview-vc', '/mixed-methodologies', '/about-us', '/terms-service',
  '/privacy-policy', '/anim',
  '/b2b/tradespeople', '/b2b/retail', '/b2b/construction', '/b2b/smes', '/b2b/agriculture', '/b2b/automotive', '/b2b/technology',
  '/investor/reachB2b', '/investor/corporateBanking', '/investor/financialDecisionMakers',
  '/healthcare/professionals', '/healthcare/lifeSciences', '/healthcare/pharma',
  '/leaders/csuite', '/leaders/influencers', '/leaders/everyProject', '/leaders/businessLeaders', '/leaders/esg',
  '/socail/generalPublic', '/socail/socialConsumer', '/socail/hobbyists',
  '/media/marketingAgencies', '/media/brands', '/media/publishing', '/media/newsAgencies', '/media/entertainment',
]

it('every route the specification names is a page', () => {
  expect(specRoutes).toHaveLength(42)
  const routes = new Set(loadSite(projectPaths(projectRoot)).pages.map((p) => p.route))
  expect(specRoutes.filter((route) => !routes.has(route))).toEqual([])
})
