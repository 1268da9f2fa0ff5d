/**
 * A command's options read with node:util's parseArgs, where a bad one is
 * said in one sentence with the command's usage, and the command exits 2:
 * never parseArgs' own error with a stack trace.
 */
export function readArguments<T>(parse: () => T, usage: string): T {
  try {
    return parse()
  } catch (error) {
    console.error(`${argumentSentence(error as NodeJS.ErrnoException)}\nUsage: ${usage}`)
    process.exit(2)
  }
}

/** parseArgs' refusal in one sentence; anything else is not an argument's fault and is thrown on. */
export function argumentSentence(error: NodeJS.ErrnoException): string {
  const quoted = [...error.message.matchAll(/'([^']+)'/g)].map((m) => m[1]!)
  const option = quoted.map((q) => /--[\w-]+/.exec(q)?.[0]).find(Boolean) ?? quoted[0] ?? 'an option'
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `There is no option ${option}.`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /ambiguous/.test(error.message)
        ? `What follows ${option} starts with a dash, so it reads as another option: to give a value that starts with a dash, join it with an equals sign, as in ${option}="--value".`
        : `${option} needs a value after it.`
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `This command takes options only, not "${quoted[0] ?? ''}".`
    default:
      throw error
  }
}
