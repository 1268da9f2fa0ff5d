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
