/** The studio's calls to its own server (same origin; nothing leaves the machine), typed by the contract in shared/api.ts. */
import { splitRoute, type Answer, type Input, type RouteName } from '../shared/api.ts'

/**
 * The session's token, which the server put in this page's HTML: every API
 * call carries it, so no other page, site or file can use the API
 * (server/guards.ts).
 */
export const token = document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')?.content ?? ''

export const tokenHeaders = { 'x-studio-token': token }

/** An answer the server refused, with its sentence and HTTP status (409: the file changed on disk). */
export class CallFailed extends Error {
  constructor(message: string, readonly status: number) {
    super(message)
  }
}

export async function call<R extends RouteName>(name: R, input: Input<R>, init: { keepalive?: boolean } = {}): Promise<Answer<R>> {
  const { method, path } = splitRoute(name)
  const query = method === 'GET' ? new URLSearchParams(input as Record<string, string>).toString() : ''
  const response = await fetch(query ? `${path}?${query}` : path, {
    method,
    headers: { ...tokenHeaders, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { body: JSON.stringify(input) }),
    ...init,
  })
  const data = (await response.json()) as Answer<R> & { error?: string }
  if (!response.ok) throw new CallFailed(data.error ?? response.statusText, response.status)
  return data
}
