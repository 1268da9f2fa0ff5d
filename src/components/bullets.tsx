import styles from './bullets.module.css'

/** The site's bulleted list: green dots with a mint halo. */
export function Bullets({ items, className }: { items: string[] | undefined; className?: string }) {
  if (!items?.length) return null
  return (
    <ul className={`${styles.bullets} ${className ?? ''}`}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  )
}
