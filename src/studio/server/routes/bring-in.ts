import { bringInLatest } from '../publish/bring-in.ts'
import { noInput, route } from './route.ts'

/** What the team published since, brought into this copy; the lists and the open pages follow. */
export default route('POST /api/bring-in', noInput, async (_input, { project, publishState, pagesChanged }) => {
  const outcome = await bringInLatest(project.paths.root)
  if (outcome.kind === 'updated' && outcome.files.length) {
    await project.reread()
    pagesChanged()
  }
  await publishState.now()
  return outcome
})
