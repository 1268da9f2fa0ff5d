/**
 * The one way the studio runs git: the real binary through execFile with an
 * argument list (never a shell string, so no file name or message is ever
 * read as shell syntax), in the project folder, with prompts off (a remote
 * asking for a password fails instead of hanging) and C messages (parsed
 * below, and quoted to authors). Pathspecs are literal: a page named
 * "*.yaml" names that file only.
 */
import { execFile } from 'node:child_process'

export interface GitOptions {
  /** Written to git's standard input. */
  input?: string
  /** Added to the environment (GIT_INDEX_FILE, GIT_AUTHOR_NAME...). */
  env?: Record<string, string>
  /** Exit codes that are answers, not failures (merge-tree's 1, config's 1). */
  okCodes?: number[]
  /** Milliseconds before git is stopped (network commands). */
  timeout?: number
}

export interface GitResult {
  stdout: string
  stderr: string
  code: number
}

/** git exited with a code the caller did not expect; `stderr` is git's own words. */
export class GitError extends Error {
  constructor(readonly args: readonly string[], readonly code: number | string, readonly stderr: string) {
    super(`git ${args[0] ?? ''} failed (${code}): ${stderr.trim() || 'no message'}`)
    this.name = 'GitError'
  }

  /** git's first "fatal:"/"error:" line (the specific one; later ones are general), without the prefix: what the author is told. */
  get reason(): string {
    const lines = this.stderr.split('\n').map((l) => l.trim()).filter(Boolean)
    const said = lines.find((l) => /^(fatal|error):/.test(l)) ?? lines.at(-1) ?? `git ${this.args[0]} stopped (${this.code})`
    return said.replace(/^(fatal|error):\s*/, '')
  }
}

export const gitEnv = { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_LITERAL_PATHSPECS: '1', GIT_OPTIONAL_LOCKS: '0' }

export function git(root: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: root, env: { ...process.env, ...gitEnv, ...options.env }, maxBuffer: 256 * 1024 * 1024, timeout: options.timeout ?? 0, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : (error.code ?? 'killed')) : 0
        if (code === 0 || (typeof code === 'number' && options.okCodes?.includes(code))) resolve({ stdout, stderr, code: code as number })
        else reject(new GitError(args, error?.killed ? 'timed out' : code, stderr || (error?.message ?? '')))
      },
    )
    child.stdin?.on('error', () => {}) // git may exit before reading all of it; the exit code says what happened
    child.stdin?.end(options.input ?? '')
  })
}

/** git's output, trailing newline removed. */
export async function gitText(root: string, args: readonly string[], options?: GitOptions): Promise<string> {
  return (await git(root, args, options)).stdout.replace(/\n$/, '')
}

/** NUL-separated output (-z) as a list, without the empty tail. */
export function splitNul(text: string): string[] {
  const parts = text.split('\0')
  if (parts.at(-1) === '') parts.pop()
  return parts
}
