/**
 * The open page as a form: the page's fields, then its blocks in order,
 * each a card; the site settings and the shared blocks the same way. Drawn from the
 * document store's text on every change (from the form, the YAML tab or
 * disk), and every edit goes back through it as one Document edit, so the
 * file keeps every byte the edit does not touch.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { parseDocument } from 'yaml'
import type { Problem } from '../../compiler/problems/problems.ts'
import type { DocumentStore } from '../state/document-store.ts'
import type { FileKind, MediaFile } from '../shared/api.ts'
import { FieldView } from './field-view.tsx'
import { askFormModel, lastFormModel } from './form-model-request.ts'
import type { FormModel } from './fields.ts'
import { Form, samePath, useForm, type FormContext, type Path } from './form-context.ts'
import { GroupField } from './fields/group-field.tsx'
import { previewChannel } from '../client/preview-channel.ts'
import { pathOfWords } from './find-field.ts'
import { NextProblem } from './next-problem.tsx'
import { idOf } from './form-context.ts'
import { usePages } from '../state/project-store.ts'
import { linkTargets, type LinkTarget } from './link-targets.ts'
import { useAskedAnswer } from './asked-answer.ts'
import { studioSentences } from '../shared/author-words.ts'
import { ProblemWords } from './fields/problem-words.tsx'

const asTheyAre = (media: MediaFile[]) => media
const noTargets: readonly LinkTarget[] = []

type Read = { ok: true; value: unknown } | { ok: false; line: number; column: number; message: string }

function read(text: string): Read {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true })
  const error = doc.errors[0]
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 }
    // The parser's own words, without the place it repeats at their end.
    return { ok: false, line: at.line, column: at.col, message: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '') }
  }
  return { ok: true, value: doc.toJS() }
}

export function FormView({ store, file, kind, problems, onShowYaml }: { store: DocumentStore; file: string; kind: FileKind; problems: Problem[]; onShowYaml: (line: number) => void }) {
  const version = useSyncExternalStore(store.subscribeText, store.getTextVersion)
  const [model, setModel] = useState<FormModel | undefined>(lastFormModel)
  useEffect(() => void askFormModel().then(setModel), [])
  // The link and media pickers offer what the project holds now, read when a field first needs it (asked-answer.ts).
  const project = usePages()
  const [targets, askTargets] = useAskedAnswer('GET /api/targets', project, linkTargets)
  const [media, askMedia] = useAskedAnswer('GET /api/media', project, asTheyAre)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text changes with its version
  const parsed = useMemo(() => read(store.current), [version])

  // A click on words in the preview focuses the field that holds them.
  useEffect(
    () =>
      previewChannel.listen((message) => {
        if (message.type !== 'block' || !message.text) return
        const current = read(store.current)
        const blocks = current.ok ? (current.value as { blocks?: unknown[] })?.blocks : undefined
        const path = blocks && pathOfWords(blocks[message.index], message.text, ['blocks', message.index])
        const input = path && document.getElementById(idOf(path))
        if (!input) return document.querySelector<HTMLElement>(`[data-block="${message.index}"] h3`)?.scrollIntoView({ block: 'center' })
        input.scrollIntoView({ block: 'center' })
        input.focus()
      }),
    [store],
  )

  if (!model) return <p className="form-loading">Preparing the form…</p>
  if (!parsed.ok) {
    // The check's own sentence for the break (the YAML tab lists the same), not the reader's ("Nested mappings are not allowed…").
    const said = problems.find((p) => p.line === parsed.line) ?? problems[0]
    const line = said?.line ?? parsed.line
    return (
      <div className="banner refused" role="alert">
        <p>The form cannot show this page until its text is mended at line {line}: {said ? <ProblemWords problem={said} /> : 'the text there cannot be read.'}</p>
        <button type="button" onClick={() => onShowYaml(line)}>
          Open the YAML tab at line {line}
        </button>
      </div>
    )
  }
  const context: FormContext = {
    edit: (edit) => store.applyEdit(edit),
    editAll: (edits) => store.applyEdits(edits),
    valueAt: (path) => path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), parsed.value),
    problemsAt: (path) => problems.filter((p) => samePath(p.path, path)),
    problemsUnder: (path: Path) => problems.filter((p) => p.path && p.path.length === path.length + 1 && samePath(p.path.slice(0, path.length), path)),
    linkTargets: targets ?? noTargets,
    askTargets,
    media,
    askMedia,
    blocks: model.blocks,
    FieldView,
  }
  const unplaced = problems.filter((p) => !p.path)
  return (
    <Form.Provider value={context}>
      <form
        className="page-form"
        aria-label={studioSentences.formOf({ file })}
        onSubmit={(e) => e.preventDefault()}
        // The preview follows the author: the block whose card has the focus is scrolled into view there.
        onFocus={(e) => {
          const card = (e.target as Element).closest('[data-block]')
          if (card) previewChannel.showBlock(Number(card.getAttribute('data-block')))
        }}
      >
        <NextProblem problems={problems} />
        {unplaced.map((p, i) => (
          <p key={i} className="field-problem" role="alert">
            Line {p.line}: <ProblemWords problem={p} />
          </p>
        ))}
        {kind === 'site' ? (
          <GroupField field={model.site} path={[]} value={parsed.value} bare />
        ) : kind === 'shared' ? (
          <SharedBlocks value={parsed.value} />
        ) : (
          <GroupField field={model.page} path={[]} value={parsed.value} bare />
        )}
      </form>
    </Form.Provider>
  )
}

/** pages/_shared.yaml: named blocks, each with its own type's form. */
function SharedBlocks({ value }: { value: unknown }) {
  const entries = value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : []
  return (
    <>
      {entries.map(([name, block]) => (
        <SharedBlock key={name} name={name} block={block} />
      ))}
    </>
  )
}

function SharedBlock({ name, block }: { name: string; block: unknown }) {
  const { blocks } = useForm()
  const type = block && typeof block === 'object' ? String((block as Record<string, unknown>).type ?? '') : ''
  const form = blocks.find((b) => b.type === type)
  return (
    <section className="block-card" aria-label={`Shared block "${name}"`}>
      <h3>
        Shared block "{name}"{form && `: ${form.label}`}
      </h3>
      {form ? <GroupField field={form.field} path={[name]} value={block} bare /> : <p className="field-help">{studioSentences.blockEditedAsText()}</p>}
    </section>
  )
}
