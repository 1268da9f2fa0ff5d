import { startStudio } from '../../src/studio/server/server'

export type RunningStudio = Awaited<ReturnType<typeof startStudio>>

/** The session token a studio's page carries, which every API request must send back. */
export async function sessionToken(studio: RunningStudio): Promise<string> {
  return /<meta name="studio-token" content="([^"]+)"/.exec(await (await fetch(studio.url)).text())![1]!
}

/** The real studio server over `root`, on a free port, with its session token. */
export async function openStudio(root: string): Promise<{ studio: RunningStudio; token: string }> {
  const studio = await startStudio({ root, port: 0 })
  return { studio, token: await sessionToken(studio) }
}

/**
 * The API of the studio `session()` gives (called again each time, so a test
 * may restart it), called as the studio's page calls it, with the token:
 * `call` answers the status and JSON, `api` expects 200 and answers the JSON.
 */
export function studioApi(session: () => { studio: RunningStudio; token: string }) {
  const call = async (path: string, method = 'GET', body?: unknown): Promise<{ status: number; json: unknown }> => {
    const { studio, token } = session()
    const response = await fetch(new URL(path, studio.url), { method, headers: { 'x-studio-token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) })
    return { status: response.status, json: await response.json() }
  }
  const api = async <T,>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const { status, json } = await call(path, method, body)
    if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(json)}`)
    return json as T
  }
  return { call, api }
}
