import { components, entries as catalogue } from 'virtual:catalogue'
import type { CatalogueEntry } from '../build/catalogue'
import type { Block } from '../generated/schema-types'
import { RenderBlocks } from '../render/render-blocks'
import styles from './catalogue-page.module.css'

/**
 * The block catalogue (/blocks): every block type rendered from its schema
 * examples, with the YAML that produced it and its fields, so an author can
 * copy a block into a page. Generated from schema/; not in the menus or the
 * sitemap.
 */
const entries = catalogue as CatalogueEntry[]

export function CataloguePage() {
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1>Block catalogue</h1>
        <p>
          Every kind of block a page can use, drawn from its own examples. Copy the YAML beside a block into a page under <code>pages/</code> and change the
          words. <a href="#contents">Jump to a block</a>.
        </p>
        <nav id="contents" aria-label="Blocks">
          <ul className={styles.contents}>
            {entries.map((entry) => (
              <li key={entry.type}>
                <a href={`#block-${entry.type}`}>{entry.type}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {entries.map((entry) => (
        <section key={entry.type} id={`block-${entry.type}`} className={styles.entry} aria-labelledby={`block-${entry.type}-title`}>
          <div className={styles.about}>
            <h2 id={`block-${entry.type}-title`}>
              <code>{entry.type}</code>
            </h2>
            <p>{entry.description}</p>
            <table className={styles.fields}>
              <caption className="visually-hidden">Fields of the {entry.type} block</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Kind</th>
                  <th scope="col">What it is</th>
                </tr>
              </thead>
              <tbody>
                {entry.fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">
                      <code>{field.name}</code>
                      {field.required && <span className={styles.required}> required</span>}
                    </th>
                    <td>{field.kind}</td>
                    <td>{field.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {entry.examples.map((example, i) => (
            <div key={i} className={styles.example}>
              <pre className={styles.yaml} tabIndex={0} aria-label={`YAML for example ${i + 1} of the ${entry.type} block`}>
                <code>{example.yaml}</code>
              </pre>
              <div className={styles.preview}>
                <RenderBlocks blocks={[example.block as unknown as Block]} components={components} />
              </div>
            </div>
          ))}
        </section>
      ))}
    </div>
  )
}
