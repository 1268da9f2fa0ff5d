/**
 * Who is signed in to the team studio, as its server wrote it into the
 * page (client-files.ts); nobody in the local studio. What the page hides
 * from an author, the server refuses too (team/roles.ts).
 */
export interface SignedIn {
  name: string
  email: string
  role: 'author' | 'editor'
}

function read(): SignedIn | undefined {
  const text = document.querySelector<HTMLMetaElement>('meta[name="studio-user"]')?.content
  if (!text) return undefined
  try {
    return JSON.parse(text) as SignedIn
  } catch {
    return undefined
  }
}

export const signedIn = read()

/** Whether this person may publish, delete, rename and restore: everyone in the local studio, editors in the team's. */
export const isEditor = !signedIn || signedIn.role === 'editor'
