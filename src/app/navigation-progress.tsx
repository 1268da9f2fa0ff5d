import { useEffect } from 'react'
import { useNavigation } from 'react-router-dom'
import { fullLoadAfterMs } from './link-timing'
import styles from './navigation-progress.module.css'

/**
 * While a link's page is on its way: a bar along the top of the window, shown
 * only if it takes more than 300 ms (most swaps are quicker, and a flash of
 * it would only distract), and a full load of the address after 3 s.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  const next = navigation.state === 'loading' ? navigation.location : undefined
  const address = next && next.pathname + next.search + next.hash
  useEffect(() => {
    if (!address) return
    const stalled = setTimeout(() => window.location.assign(address), fullLoadAfterMs)
    return () => clearTimeout(stalled)
  }, [address])
  return <div className={styles.bar} data-navigation-progress="" data-loading={address ? '' : undefined} aria-hidden="true" />
}
