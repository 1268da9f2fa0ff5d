import type { IncomingMessage } from 'node:http'
import { Refused } from './refused.ts'

/** Larger than any page (the check refuses pages over 128 KiB) with room for a JSON envelope. */
const maxBodyBytes = 4 * 1024 * 1024

/** The request's raw bytes, up to `maxBytes` (Refused with 413 and a sentence past it). */
export async function readBytes(req: IncomingMessage, maxBytes: number, what: string): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) throw new Refused(`That ${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; nothing was written.`, 413)
    chunks.push(chunk)
  }
  return new Uint8Array(Buffer.concat(chunks))
}

/** The request's body as a JSON object, or Refused with 400/413 and a sentence. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!req.headers['content-type']?.startsWith('application/json')) throw new Refused('The studio takes changes as JSON only.', 415)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBodyBytes) throw new Refused(`The request is larger than ${maxBodyBytes / 1024 / 1024} MiB; no page is that long.`, 413)
    chunks.push(chunk)
  }
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new Refused('The request is not valid JSON.', 400)
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Refused('The request must be a JSON object of named fields.', 400)
  return body as Record<string, unknown>
}

/** Typed access to a body's fields: a missing or wrong one is a 400 naming it. */
export function fields(body: Record<string, unknown>) {
  const wrong = (name: string, what: string): never => {
    throw new Refused(`"${name}" must be ${what}.`, 400)
  }
  return {
    text(name: string): string {
      const value = body[name]
      return typeof value === 'string' ? value : wrong(name, 'text')
    },
    optionalText(name: string): string | undefined {
      const value = body[name]
      return value === undefined || value === null || value === '' ? undefined : typeof value === 'string' ? value : wrong(name, 'text, or left out')
    },
    /** An object whose every value passes `check` (a JSON object of named values), or left out. */
    optionalRecord<T>(name: string, check: (value: unknown) => value is T, what: string): Record<string, T> | undefined {
      const value = body[name]
      if (value === undefined || value === null) return undefined
      if (typeof value !== 'object' || Array.isArray(value) || !Object.values(value).every(check)) return wrong(name, what)
      return value as Record<string, T>
    },
    /** A JSON object whose fields another part checks (a passkey's answer, checked by @simplewebauthn/server). */
    object(name: string): Record<string, unknown> {
      const value = body[name]
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : wrong(name, 'a JSON object')
    },
    /** A list of texts, or left out (an empty list). */
    textList(name: string): string[] {
      const value = body[name]
      if (value === undefined || value === null) return []
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : wrong(name, 'a list of texts')
    },
    /** A whole number from 1 up (a change's id). */
    id(name: string): number {
      const value = body[name]
      return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : wrong(name, 'a whole number from 1 up')
    },
    flag(name: string): boolean {
      const value = body[name]
      return value === undefined ? false : typeof value === 'boolean' ? value : wrong(name, 'true or false')
    },
  }
}
