/**
 * The newsletter form's endpoint (pages/_site.yaml, footer.newsletter.endpoint):
 * the address the footer's sign-up form posts to. Parsed with the URL parser,
 * never matched with a pattern. Only https: the visitor's email address
 * travels in the request body and must not cross the network in clear.
 */
/**
 * Where the footer's sign-up posts when pages/_site.yaml names no outside
 * service: the site's own sign-up service (src/signup/, deploy/signup.service),
 * which nginx proxies at this path on the site's own origin.
 */
export const builtInSignup = '/api/signup'

export type EndpointVerdict = { ok: true; origin: string } | { ok: false; reason: EndpointFault }

export type EndpointFault = 'not-a-url' | 'not-https' | 'has-credentials' | 'has-fragment'

export function checkFormEndpoint(value: string): EndpointVerdict {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { ok: false, reason: 'not-a-url' }
  }
  if (value !== value.trim()) return { ok: false, reason: 'not-a-url' }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' }
  if (url.username || url.password) return { ok: false, reason: 'has-credentials' }
  // A fragment never reaches the server; written here it is a mistake.
  if (value.includes('#')) return { ok: false, reason: 'has-fragment' }
  return { ok: true, origin: url.origin }
}
