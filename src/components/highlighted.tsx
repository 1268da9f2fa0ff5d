/**
 * A title with one phrase in the accent colour. The phrase is plain data
 * (validated to occur in the title), so no markup ever comes from YAML.
 */
export function Highlighted({ text, highlight, className }: { text: string; highlight?: string; className?: string }) {
  const at = highlight ? text.indexOf(highlight) : -1
  if (!highlight || at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <span className={className}>{highlight}</span>
      {text.slice(at + highlight.length)}
    </>
  )
}
