import type { IncomingMessage } from 'node:http'
import type { UploadAnswer } from '../../shared/api.ts'
import { importMedia, uploadLimits } from '../media/index.ts'
import { readBytes } from '../request-body.ts'
import type { RouteContext } from './route.ts'

/**
 * A picture or video from the author's computer (shared/api.ts's
 * uploadPath): checked, re-encoded and written by media/import-media.ts,
 * then listed among the site's media. A refusal writes nothing.
 */
export async function upload(context: RouteContext, req: IncomingMessage, words: string): Promise<UploadAnswer> {
  const bytes = await readBytes(req, Math.max(uploadLimits.pictureBytes, uploadLimits.videoBytes), 'file')
  const imported = await importMedia(context.project.paths.publicDir, bytes, { words })
  if (imported.ok) {
    context.writers?.wrote(imported.files.map((file) => `public/${file}`))
    context.project.broughtIn.add(imported.src.replace(/^\//, ''))
    await context.project.reread()
    context.publishState.changed()
    // "Changed in this session" lists it.
    context.pagesChanged()
  }
  return imported
}
