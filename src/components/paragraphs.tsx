/** Plain text with blank lines between paragraphs, rendered as <p> elements. */
export function Paragraphs({ text, className }: { text: string | undefined; className?: string }) {
  if (!text) return null
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => (
      <p key={i} className={className}>
        {p}
      </p>
    ))
}
