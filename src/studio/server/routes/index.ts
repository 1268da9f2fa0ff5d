/**
 * Every route of the contract, one module each. The table's type makes a
 * route of shared/api.ts without a module here (or one answering the wrong
 * shape) a type error.
 */
import type { RouteName } from '../../shared/api.ts'
import type { RouteModule } from './route.ts'
import pages from './pages.ts'
import readFile from './read-file.ts'
import schema from './schema.ts'
import catalogue from './catalogue.ts'
import media from './media.ts'
import check from './check.ts'
import saveFile from './save-file.ts'
import saveDraft from './save-draft.ts'
import discardDraft from './discard-draft.ts'
import createPage from './create-page.ts'
import renamePage from './rename-page.ts'
import deletePage from './delete-page.ts'
import publishStatus from './publish-status.ts'
import publish from './publish.ts'
import history from './history.ts'
import deletedPages from './deleted-pages.ts'
import version from './version.ts'
import published from './published.ts'
import restoreDeleted from './restore-deleted.ts'
import form from './form.ts'
import targets from './targets.ts'
import linkPlaces from './link-places.ts'
import people from './people.ts'
import invite from './invite.ts'
import removePerson from './remove-person.ts'
import { passkeyAdd, passkeyOptions } from './passkeys.ts'
import bringIn from './bring-in.ts'
import linksToPage from './links-to.ts'
import relink from './relink.ts'
import presence from './presence.ts'
import { commentOnChange, listChanges, publishAChange, reviewChange, submitChange, updateChange, withdrawChange } from './changes.ts'

type Table = { [R in RouteName]: RouteModule<R> }

const table: Table = {
  [pages.name]: pages,
  [readFile.name]: readFile,
  [schema.name]: schema,
  [catalogue.name]: catalogue,
  [media.name]: media,
  [check.name]: check,
  [saveFile.name]: saveFile,
  [saveDraft.name]: saveDraft,
  [discardDraft.name]: discardDraft,
  [createPage.name]: createPage,
  [renamePage.name]: renamePage,
  [relink.name]: relink,
  [deletePage.name]: deletePage,
  [publishStatus.name]: publishStatus,
  [publish.name]: publish,
  [history.name]: history,
  [deletedPages.name]: deletedPages,
  [version.name]: version,
  [published.name]: published,
  [linkPlaces.name]: linkPlaces,
  [restoreDeleted.name]: restoreDeleted,
  [form.name]: form,
  [targets.name]: targets,
  [people.name]: people,
  [invite.name]: invite,
  [removePerson.name]: removePerson,
  [passkeyOptions.name]: passkeyOptions,
  [passkeyAdd.name]: passkeyAdd,
  [bringIn.name]: bringIn,
  [linksToPage.name]: linksToPage,
  [presence.name]: presence,
  [listChanges.name]: listChanges,
  [submitChange.name]: submitChange,
  [updateChange.name]: updateChange,
  [commentOnChange.name]: commentOnChange,
  [reviewChange.name]: reviewChange,
  [withdrawChange.name]: withdrawChange,
  [publishAChange.name]: publishAChange,
}

/** The module for "METHOD /path", if the contract has that route. */
export function findRoute(method: string, path: string): RouteModule<RouteName> | undefined {
  return (table as Record<string, RouteModule<RouteName>>)[`${method} ${path}`]
}
