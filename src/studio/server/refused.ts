/**
 * A request the studio refuses (a path outside pages/, a route the CLI would
 * refuse, a page changed elsewhere): its message is said to the author as it
 * is, and `status` is the HTTP status it is answered with.
 */
export class Refused extends Error {
  constructor(message: string, readonly status = 403) {
    super(message)
  }
}
