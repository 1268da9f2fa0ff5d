/**
 * A title with one phrase in the accent colour. The phrase is plain data
 * (validated to occur in the title), so no markup ever comes from YAML.
 * A line never breaks after a hyphen inside the phrase ('C-' / 'Suite'):
 * each hyphen is kept with the letter after it. The text itself is
 * unchanged, and a phrase too long for the line still breaks elsewhere, as
 * any long word does (overflow-wrap in global.css).
 */
export function Highlighted({ text, highlight, className }: { text: string; highlight?: string; className?: string }) {
  const at = highlight ? text.indexOf(highlight) : -1
  if (!highlight || at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <span className={className}>
        {highlight.split(/(-.)/).map((part, i) =>
          i % 2 ? (
            <span key={i} className="no-break">
              {part}
            </span>
          ) : (
            part
          ),
        )}
      </span>
      {text.slice(at + highlight.length)}
    </>
  )
}
