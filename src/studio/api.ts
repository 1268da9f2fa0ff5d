/** The studio's calls to its own server (same origin; nothing leaves the machine). */

/**
 * The session's token, which the server put in this page's HTML: every API
 * call carries it, so no other page, site or file can use the API
 * (server/guards.ts).
 */
const token = document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')?.content ?? ''

export async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { 'x-studio-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const data = (await response.json()) as T & { error?: string }
  if (!response.ok) throw Object.assign(new Error(data.error ?? response.statusText), { status: response.status })
  return data
}

export const q = (file: string) => encodeURIComponent(file)
