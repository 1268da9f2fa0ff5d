import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/**
 * A block of ports for the browser tests, each free now and none of them in
 * the kernel's ephemeral range. The tests derive their servers' ports from
 * the block's first (E2E_PORT + 20, + 100, + 300...). A port the system
 * handed out (listen on 0) sits in the ephemeral range, where any outgoing
 * connection (Chromium's, a fetch's) may take one of those derived ports
 * while the run goes on: CI once failed on EADDRINUSE that way. Below that
 * range only a program that asks for a port by number gets it.
 */
export async function freePortBlock(size: number): Promise<number> {
  const [low, high] = bounds(size)
  for (let attempt = 0; attempt < 50; attempt++) {
    // Random, so checkouts testing side by side rarely try the same block.
    const first = low + Math.floor(Math.random() * (high - low))
    if (await allFree(first, size)) return first
  }
  throw new Error(`No block of ${size} free ports between ${low} and ${high + size}: set E2E_PORT to the first of one.`)
}

/** Where a block may start: from 10000 up to the ephemeral range (Linux says where that is; 32768 on Linux and below macOS's 49152 otherwise). */
function bounds(size: number): [number, number] {
  let ephemeralLow = 32768
  try {
    ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ephemeralLow
  } catch {
    // Not Linux: keep the default, which is below every other system's range too.
  }
  const low = 10000
  const high = ephemeralLow - size
  if (high <= low) throw new Error(`The ephemeral port range starts at ${ephemeralLow}, leaving no room for ${size} test ports: set E2E_PORT.`)
  return [low, high]
}

async function allFree(first: number, size: number): Promise<boolean> {
  for (let port = first; port < first + size; port++) if (!(await free(port))) return false
  return true
}

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}
