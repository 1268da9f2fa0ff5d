import { connect } from 'node:net'

export interface RawResponse {
  status: number
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>
  body: Buffer
}

/**
 * Sends bytes exactly as given (no URL normalisation, unlike fetch) to
 * 127.0.0.1:port and reads one response until the server closes or `ms`
 * pass. Resolves undefined when nothing came back.
 */
export function rawRequest(port: number, request: string | Buffer, ms = 3000): Promise<RawResponse | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(parseResponse(Buffer.concat(chunks)))
    }
    const timer = setTimeout(done, ms)
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      const response = parseResponse(Buffer.concat(chunks))
      if (response && isComplete(response)) done()
    })
    socket.on('end', done)
    socket.on('error', done)
    socket.write(request)
  })
}

/** A GET (or other method) for a raw target, closing the connection after the reply. */
export function requestLine(method: string, target: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ Host: '127.0.0.1', Connection: 'close', ...headers }).map(([n, v]) => `${n}: ${v}\r\n`)
  return `${method} ${target} HTTP/1.1\r\n${lines.join('')}\r\n`
}

function parseResponse(bytes: Buffer): RawResponse | undefined {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1])
  if (!status) return undefined
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  return { status, headers, body: bytes.subarray(end + 4) }
}

function isComplete(response: RawResponse): boolean {
  const length = response.headers['content-length']
  if (length !== undefined) return response.body.length >= Number(length)
  return response.headers['transfer-encoding'] === 'chunked' && response.body.includes('\r\n0\r\n\r\n')
}
