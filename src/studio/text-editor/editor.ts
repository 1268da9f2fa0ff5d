/**
 * The YAML editor: CodeMirror 6 with its YAML language, completion and
 * hover help from our generated editor schemas (codemirror-json-schema), and
 * the compiler's own problems shown as marks. The editor holds the text the
 * author typed; nothing re-serialises it, so saving writes exactly that.
 */
import { EditorState, type Extension } from '@codemirror/state'
import { crosshairCursor, drawSelection, dropCursor, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, hoverTooltip, keymap, lineNumbers, rectangularSelection } from '@codemirror/view'
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search'
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { yaml, yamlLanguage } from '@codemirror/lang-yaml'
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint'
import { stateExtensions } from 'codemirror-json-schema'
import { yamlCompletion, yamlSchemaHover } from 'codemirror-json-schema/yaml'
import type { JSONSchema7 } from 'json-schema'
import { Draft07 } from 'json-schema-library'
import type { Problem } from '../../compiler/problems/problems.ts'
import { problemForAuthors } from '../shared/author-words.ts'
import { fieldHoverTexts } from './field-hover.ts'


/** A problem as the text's hover says it: the same sentence and hint as the problem list. */
function problemSentence(p: Problem): string {
  const { message, hint } = problemForAuthors(p)
  return hint ? `${message}\n${hint}` : message
}

function fieldHover({ message, typeInfo }: { message: string; typeInfo: string }): HTMLElement {
  const box = document.createElement('div')
  box.className = 'field-hover'
  const label = document.createElement('strong')
  label.textContent = message
  box.append(label)
  if (typeInfo) box.append(document.createElement('br'), typeInfo)
  return box
}

/** Milliseconds of no typing before completion looks for suggestions. */
const completionDelay = 400

export interface EditorEvents {
  onChange: (view: EditorView) => void
  onSave: () => void
}

/**
 * CodeMirror's basic setup, with one change: completion (which walks the
 * schema on the main thread) waits until typing pauses, so it does not hold
 * up the problem marks and the preview of the keystroke just made.
 */
const setup: Extension[] = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  closeBrackets(),
  autocompletion({ activateOnTypingDelay: completionDelay }),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  highlightSelectionMatches(),
  keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap]),
]

/**
 * The schema as json-schema-library compiles it ($refs resolved). Completion
 * (codemirror-json-schema) makes a new Draft07 of its schema for each
 * suggestion list, and a Draft07 compiles a schema it is given unless it is
 * compiled already: compiling the page schema each time held the editor,
 * which took no key meanwhile (docs/measurements.md, "The studio's waits").
 * Compiled here once per editor instead.
 */
function compiledOnce(schema: JSONSchema7): JSONSchema7 {
  return new Draft07(schema as never).rootSchema as JSONSchema7
}

/**
 * `keepCarriageReturns`: split lines at "\n" only, so a lone "\r" in a file
 * stays a character of its line and is written back as it was (a file with
 * only CRLF ends is given to the editor with "\n" and turned back on the way
 * out: see text-editor.tsx).
 */
export function createEditor(parent: HTMLElement, text: string, schema: JSONSchema7, events: EditorEvents, keepCarriageReturns = false): EditorView {
  const extensions: Extension[] = [
    ...(keepCarriageReturns ? [EditorState.lineSeparator.of('\n')] : []),
    setup,
    keymap.of([indentWithTab, { key: 'Mod-s', preventDefault: true, run: () => (events.onSave(), true) }]),
    yaml(),
    yamlLanguage.data.of({ autocomplete: yamlCompletion() }),
    hoverTooltip(yamlSchemaHover({ getHoverTexts: fieldHoverTexts, formatHover: fieldHover })),
    stateExtensions(compiledOnce(schema)),
    lintGutter(),
    EditorState.tabSize.of(2),
    EditorView.lineWrapping,
    // The text box's name for a screen reader (CodeMirror's editable element has none of its own).
    // Tab indents (indentWithTab); Esc then Tab leaves the text, as the hint beside it (editor-panel.tsx) says.
    EditorView.contentAttributes.of({ 'aria-label': 'YAML text of the page', 'aria-describedby': 'yaml-keys' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) events.onChange(update.view)
    }),
  ]
  return new EditorView({ parent, state: EditorState.create({ doc: text, extensions }) })
}

/** The check's own suggestion ("hero" for "heor"), from the problem's arguments: offered as a one-click fix. */
export function suggestionOf(problem: Problem): string | undefined {
  const suggestion = problem.args?.suggestion
  return typeof suggestion === 'string' ? suggestion : undefined
}

/** The offset of a 1-based line and column, clamped into the document. */
export function offsetOf(view: EditorView, line: number, column: number): number {
  const doc = view.state.doc
  const l = doc.line(Math.min(Math.max(1, line), doc.lines))
  return Math.min(l.from + Math.max(0, column - 1), l.to)
}

/** The word (or quoted text) a problem points at, so the mark covers it, not just a caret. */
function spanAt(view: EditorView, from: number): { from: number; to: number } {
  const line = view.state.doc.lineAt(from)
  const rest = line.text.slice(from - line.from)
  const token = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^\s:#,[\]{}]+(?::[^\s]+)*)/.exec(rest)
  if (token) return { from, to: from + token[0].length }
  return { from, to: Math.max(from, line.to) }
}

/** The change that accepts a problem's suggestion: the marked word replaced, its quotes kept. */
export function suggestionFix(view: EditorView, problem: Problem): { name: string; from: number; to: number; insert: string } | undefined {
  const suggestion = suggestionOf(problem)
  if (!suggestion) return undefined
  const { from, to } = spanAt(view, offsetOf(view, problem.line, problem.column))
  const current = view.state.sliceDoc(from, to)
  const quote = /^["']/.test(current) ? current[0]! : ''
  return { name: `Use "${suggestion}"`, from, to, insert: `${quote}${suggestion}${quote}` }
}

/** The compiler's problems as CodeMirror diagnostics, each at its exact line:column with the CLI's message and hint. */
export function showProblems(view: EditorView, problems: readonly Problem[]): void {
  const diagnostics: Diagnostic[] = problems.map((p) => {
    const { from, to } = spanAt(view, offsetOf(view, p.line, p.column))
    const fix = suggestionFix(view, p)
    return {
      from,
      to,
      severity: 'error',
      source: `${p.file}:${p.line}:${p.column}`,
      message: problemSentence(p),
      ...(fix ? { actions: [{ name: fix.name, apply: (v: EditorView) => v.dispatch({ changes: fix }) }] } : {}),
    }
  })
  view.dispatch(setDiagnostics(view.state, diagnostics))
}

/** Put the cursor at the start of a line's text and scroll it into view. */
export function goToLine(view: EditorView, line: number): void {
  const l = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines))
  const at = l.from + (/^\s*(- )?/.exec(l.text)?.[0].length ?? 0)
  view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) })
  view.focus()
}

/**
 * Insert a block's YAML (a "- type: ..." item) into the page's list of
 * blocks at the cursor: on an empty line, there; otherwise after the block
 * the cursor is in. Indented like the page's other blocks.
 */
export function insertBlock(view: EditorView, itemYaml: string): void {
  const doc = view.state.doc
  const lines = doc.toString().split('\n')
  const blocksLine = lines.findIndex((l) => /^blocks:\s*$/.test(l))
  const firstItem = lines.findIndex((l, i) => i > blocksLine && /^\s*- /.test(l))
  const indent = blocksLine >= 0 && firstItem > blocksLine ? /^\s*/.exec(lines[firstItem]!)![0].length : 2
  const cursorLine = doc.lineAt(view.state.selection.main.head).number - 1
  let at: number
  if (blocksLine < 0) at = lines.length
  else if (cursorLine > blocksLine && !lines[cursorLine]!.trim()) at = cursorLine
  else {
    at = lines.length
    for (let i = Math.max(cursorLine, blocksLine) + 1; i < lines.length; i++) {
      const text = lines[i]!
      if (text.trim() && /^\s*/.exec(text)![0].length <= indent) {
        at = i
        // Keep a blank line that separates it from the block before.
        while (at > blocksLine + 1 && !lines[at - 1]!.trim()) at--
        break
      }
    }
    if (at === lines.length) while (at > blocksLine + 1 && !lines[at - 1]!.trim()) at--
  }
  const body = itemYaml.split('\n').map((l) => (l ? ' '.repeat(indent) + l : l)).join('\n')
  const prefix = blocksLine < 0 ? (doc.toString().endsWith('\n') ? '' : '\n') + 'blocks:\n' : ''
  const before = at > 0 && lines[at - 1]!.trim() && blocksLine >= 0 && at - 1 !== blocksLine ? '\n' : ''
  const pos = at < lines.length ? doc.line(at + 1).from : doc.length
  const atEnd = at >= lines.length
  const insert = atEnd ? `${doc.length && !doc.toString().endsWith('\n') ? '\n' : ''}${prefix}${before}${body}\n` : `${before}${body}\n${lines[at]!.trim() ? '\n' : ''}`
  view.dispatch({ changes: { from: pos, insert }, selection: { anchor: pos + insert.indexOf('- ') + 2 } })
  view.focus()
}

/** Insert a path at the cursor (as the value of "src:", where the author put the cursor). */
export function insertText(view: EditorView, text: string): void {
  const { from, to } = view.state.selection.main
  view.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length } })
  view.focus()
}
