/** The studio's calls to its own server (same origin; nothing leaves the machine). */
export async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  const data = (await response.json()) as T & { error?: string }
  if (!response.ok) throw Object.assign(new Error(data.error ?? response.statusText), { status: response.status })
  return data
}

export const q = (file: string) => encodeURIComponent(file)
