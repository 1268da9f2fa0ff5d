import { useId } from 'react'
import type { LinkPlace } from '../forms/link-places.ts'
import { pageName } from '../shared/author-words.ts'

/** Items shown on each side of the new link in a place's picture; the rest is "…". */
const around = 2

/**
 * The places New page can link the new page from, under the sentence that
 * says where visitors see them (the schema's, said once for the places that
 * share it: both header menus are seen on phones too, the phone menu's own
 * lists only there).
 */
export function LinkPlaceChoices({ places, picked, onPick, newLink, copies }: { places: readonly LinkPlace[]; picked: ReadonlySet<string>; onPick: (id: string, on: boolean) => void; newLink: string; copies: boolean }) {
  const groupId = useId()
  const groups: LinkPlace[][] = []
  for (const place of places) {
    const last = groups.at(-1)
    if (last && last[0]!.seen === place.seen) last.push(place)
    else groups.push([place])
  }
  return groups.map((group, i) => {
    // A copied card's list is seen where its page is: its description says what the list is, not where.
    const seen = copies ? undefined : group[0]!.seen
    const seenId = `${groupId}-${i}`
    return (
      <div key={group[0]!.id} className="link-place-group">
        {seen && (
          <p id={seenId} className="hint">
            {seen}
          </p>
        )}
        {group.map((place) => (
          <LinkPlaceChoice key={place.id} place={place} name={placeName(place, pageName(place.file), copies)} picked={picked.has(place.id)} onPick={(on) => onPick(place.id, on)} newLink={newLink} describedBy={seen ? seenId : undefined} />
        ))}
      </div>
    )
  })
}

/** One place: its checkbox, named as the visitor finds it ("Header › Menu “Audience”, under “B2B”"), and a small picture of the list with the new link where it lands. */
function LinkPlaceChoice({ place, name, picked, onPick, newLink, describedBy }: { place: LinkPlace; name: string; picked: boolean; onPick: (on: boolean) => void; newLink: string; describedBy?: string }) {
  return (
    <div className="link-place">
      <label>
        <input type="checkbox" checked={picked} disabled={Boolean(place.full)} onChange={(e) => onPick(e.target.checked)} aria-describedby={describedBy} /> {name}
        {place.full && <span className="hint"> (full: {place.full})</span>}
      </label>
      {/* The checkbox's name says where already ("under “B2B”"): the picture is for the eye. */}
      <ol className="place-picture" aria-hidden="true">
        {pictureRows(place.items, place.index).map((row, i) =>
          row === newRow ? (
            <li key={i} className="new-link">
              {newLink}
            </li>
          ) : (
            <li key={i}>{row}</li>
          ),
        )}
      </ol>
    </div>
  )
}

const newRow = Symbol('the new link')

/** The list's items with the new link at `index`, and at most `around` of them on each side ("…" for the rest). */
export function pictureRows(items: readonly string[], index: number): (string | typeof newRow)[] {
  const before = items.slice(0, index)
  const after = items.slice(index)
  return [...(before.length > around ? ['…', ...before.slice(-around)] : before), newRow, ...(after.length > around ? [...after.slice(0, around), '…'] : after)]
}

/** How the checkbox names a place: where it is, and where in it the link lands. */
export function placeName(place: LinkPlace, where: string, copied: boolean): string {
  if (copied) return `${where}: ${place.label}, copied for it`
  return `${place.label}, ${place.after ? `under “${place.after}”` : 'at the end'}`
}
