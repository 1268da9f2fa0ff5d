/**
 * The form model (the fields of a page, the site settings and every block
 * type, from schema/), asked of the server. The studio asks once as it
 * starts, beside the pages list, so the first page opened draws its form as
 * soon as its text is read, not after a second answer. Each form drawn
 * after that asks again, since schema/ may have changed (a developer added a
 * block type), and shows the last answer meanwhile instead of "Preparing
 * the form…".
 */
import { call } from '../client/call.ts'
import type { FormModel } from './fields.ts'

let asking: Promise<FormModel> | undefined
let last: { model: FormModel; json: string } | undefined

/** The server's form model now; an answer already on its way is shared. An answer equal to the last is the same object, so a form drawn from it is not drawn again. */
export function askFormModel(): Promise<FormModel> {
  asking ??= call('GET /api/form', {}).then(
    (model) => {
      asking = undefined
      const json = JSON.stringify(model)
      if (last?.json !== json) last = { model, json }
      return last.model
    },
    (error: unknown) => {
      asking = undefined
      throw error
    },
  )
  return asking
}

/** The last answer, if any. */
export function lastFormModel(): FormModel | undefined {
  return last?.model
}
