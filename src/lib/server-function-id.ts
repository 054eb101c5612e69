import path from 'node:path'

/**
 * A server function's id, its URL under /api/fn: `<module>--<name>`, the module being its file's
 * path under src/features without `.functions` or a repeated folder name
 * (`features/genre/genre.functions.ts` → `genre`, `features/manager/dashboard.functions.ts` →
 * `manager.dashboard`). Used by the build (vite.config.ts) and by the registry's test.
 */
export function serverFunctionId(filename: string, functionName: string, root = process.cwd()) {
  const parts = path
    .relative(path.resolve(root, 'src/features'), path.resolve(root, filename))
    .replace(/\.tsx?$/, '')
    .replace(/\.functions$/, '')
    .split(path.sep)
  const module = parts.filter((part, index) => part !== parts[index - 1]).join('.')
  return `${module}--${functionName}`
}
