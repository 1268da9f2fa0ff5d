import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { useDocumentHead } from './head'
import { mainId } from '../shared/layout-ids'
import styles from './error-page.module.css'

/**
 * The root error boundary. It keeps React Router's default error-page
 * contract (the title and the status line) and adds a way back home.
 */
export function ErrorPage() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  useDocumentHead(isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Error', '')
  return (
    <main className={styles.page} id={mainId}>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <h2 className={styles.status}>{detail}</h2>
      <p>
        <a className={styles.home} href="/">
          Go to the home page
        </a>
      </p>
    </main>
  )
}
