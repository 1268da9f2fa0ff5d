/**
 * The newsletter endpoint's origin in the page's own Content-Security-Policy.
 * index.html's <meta> policy allows only 'self' for form-action and
 * connect-src; the build adds exactly the origin pages/_site.yaml names.
 * The header (deploy/security-headers.conf) cannot know the site's settings,
 * so it allows any https: origin for those two, and the browser enforces both
 * policies: the page can reach 'self' and that one origin, nothing else.
 */
const metaPolicy = /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/

/** The directives that a form post and a fetch to the endpoint need. */
export const endpointDirectives = ['form-action', 'connect-src'] as const

export function allowEndpointOrigin(template: string, origin: string | undefined): string {
  if (!metaPolicy.test(template)) throw new Error('index.html has lost its Content-Security-Policy <meta> tag; the build adds the newsletter endpoint to it.')
  if (!origin) return template
  return template.replace(metaPolicy, (_, open: string, policy: string, close: string) => `${open}${addOrigin(policy, origin)}${close}`)
}

function addOrigin(policy: string, origin: string): string {
  const parts = policy.split(';').map((part) => part.trim())
  for (const name of endpointDirectives) {
    const index = parts.findIndex((part) => part.split(/\s+/)[0] === name)
    if (index < 0) throw new Error(`index.html's Content-Security-Policy has no ${name}; the newsletter endpoint needs one to add its origin to.`)
    parts[index] = `${parts[index]} ${origin}`
  }
  return parts.join('; ')
}
