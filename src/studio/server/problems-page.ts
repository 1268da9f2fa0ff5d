/**
 * The studio's page of problems: what each problem the checks report means
 * and what to do about it, one section per code (its id), from the same
 * catalogue as docs/problems.md. The problem list links each problem to its
 * section, so an author who does not follow a message has somewhere to read
 * on without a developer. It is served like any file that is not the
 * studio's own app: under the inert policy, where no script runs.
 */
import { problemSections } from '../../compiler/codegen/problems-doc.ts'
import { escapeHtml } from '../../shared/escape-html.ts'

let made: string | undefined

/** The page's HTML, made once: the catalogue is the studio's code, which does not change while it runs. */
export function problemsPage(): string {
  made ??= render()
  return made
}

function render(): string {
  const sections = problemSections().map(
    ({ code, title, message, hint }) => `<section id="${code}" aria-labelledby="${code}-title">
  <h2 id="${code}-title">${escapeHtml(title)} <code>${code}</code></h2>
  <p>${escapeHtml(message)}</p>${hint ? `\n  <p><strong>What to do:</strong> ${escapeHtml(hint)}</p>` : ''}
</section>`,
  )
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Problems the studio reports</title>
<style>
  body { font: 1rem/1.5 system-ui, sans-serif; max-width: 46rem; margin: 0 auto; padding: 1.5rem; color: #1d232b; }
  h1 { font-size: 1.6rem; }
  h2 { font-size: 1.15rem; margin: 0 0 0.25rem; }
  h2 code { font-size: 0.85rem; font-weight: normal; color: #4b5563; margin-left: 0.4rem; }
  section { padding: 1rem 0; border-top: 1px solid #d5dae0; scroll-margin-top: 1rem; }
  section:target { background: #fff7d6; outline: 2px solid #b58900; padding-inline: 0.75rem; }
  p { margin: 0.25rem 0; }
</style>
</head>
<body>
<main>
<h1>Problems the studio reports</h1>
<p>Each problem the studio lists beside a page has a section here: what it means, and what to do about it. Where a sentence names a value from your page, it is shown here as ‹name›.</p>
${sections.join('\n')}
</main>
</body>
</html>
`
}
