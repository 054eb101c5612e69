import path from 'node:path'

/**
 * A server function's id and URL under /api/fn, `<module>--<name>`, where the module comes from the
 * file path (`features/genre/genre.functions.ts` → `genre`, `features/manager/dashboard.functions.ts`
 * → `manager.dashboard`).
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
