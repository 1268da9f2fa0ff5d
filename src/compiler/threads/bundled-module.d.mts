/** The types of bundled-module.mjs (plain JavaScript: the commands' entry points load it before any TypeScript). */
export function bundledModule(root: string, name: string, entry: string): Promise<string>
export function loadBundled(root: string, name: string, entry: string): Promise<Record<string, unknown>>
export function loadBundledOrRunTsx(root: string, name: string, entry: string, script: string, args: string[]): Promise<Record<string, unknown>>
export function runThroughTsx(root: string, script: string, args: string[]): never
