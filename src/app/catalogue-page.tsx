import type { CSSProperties } from 'react'
import { components, entries as catalogue, media } from 'virtual:catalogue'
import type { CatalogueEntry, CatalogueField, MediaEntry } from '../shared/catalogue'
import { CatalogueMedia } from './catalogue-media'
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
          words. <a href="#contents">Jump to a block</a>, or to the <a href="#media">pictures and videos</a> a page can use.
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
            {entry.layout && <p className={styles.layout}>{entry.layout}</p>}
            <FieldTable type={entry.type} fields={entry.fields} />
          </div>
          {entry.examples.map((example, i) => (
            <div key={i} className={styles.example} data-example={i}>
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
      <CatalogueMedia media={media as MediaEntry[]} />
    </div>
  )
}

/**
 * The fields of a block, one row each; the fields inside a group or inside
 * each item of a list follow their parent, indented as they are in the YAML.
 * One table rather than tables in cells, so a phone can lay each row out as
 * a small card (see the CSS). The explicit roles are there because some
 * browsers drop a table's semantics once its rows are no longer displayed as
 * table rows.
 */
function FieldTable({ type, fields }: { type: string; fields: CatalogueField[] }) {
  return (
    <table className={styles.fields} role="table">
      <caption className="visually-hidden">Fields of the {type} block</caption>
      <thead className={styles.head} role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">Field</th>
          <th scope="col" role="columnheader">Kind</th>
          <th scope="col" role="columnheader">What it is</th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        <FieldRows fields={fields} parents={[]} />
      </tbody>
    </table>
  )
}

function FieldRows({ fields, parents }: { fields: CatalogueField[]; parents: string[] }) {
  return fields.map((field) => <FieldRow key={field.name} field={field} parents={parents} />)
}

/**
 * A screen reader does not see the indentation, so a nested field's row
 * header starts with its parents' names ("cards › title").
 */
function FieldRow({ field, parents }: { field: CatalogueField; parents: string[] }) {
  const depth = parents.length
  return (
    <>
      <tr role="row" className={depth ? styles.nested : undefined} style={depth ? ({ '--depth': depth } as CSSProperties) : undefined}>
        <th scope="row" role="rowheader">
          {depth > 0 && <span className="visually-hidden">{parents.join(' › ')} › </span>}
          <code>{field.name}</code>
          {field.required && <span className={styles.required}> required</span>}
        </th>
        <td role="cell" className={field.allowed ? `${styles.kind} ${styles.choices}` : styles.kind}>
          {field.allowed ? (
            <>
              one of:
              <ul className={styles.values}>
                {field.allowed.map((value) => (
                  <li key={value}>
                    <code>{value}</code>
                  </li>
                ))}
              </ul>
            </>
          ) : field.fields && field.kind === 'list of items' ? (
            'list of items, each with the fields below'
          ) : (
            field.kind
          )}
          {field.limits && <span className={styles.limits}>{field.limits}</span>}
        </td>
        <td role="cell">{field.description}</td>
      </tr>
      {field.fields && <FieldRows fields={field.fields} parents={[...parents, field.name]} />}
    </>
  )
}
