/**
 * `pnpm new:entity Shelf [--plural Shelves] [--label fr=Étagère/Étagères …]` writes a complete
 * entity the way Folio's own are written, and adds it to each shared list above that list's
 * `// pnpm new:entity …` line. `--label` gives the entity's word in another language.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { languages } from '../app.config'
import {
  entityLabels,
  entityNames,
  type EntityNames,
  type Label,
  type LabelLanguage,
} from './new-entity/names'
import * as template from './new-entity/templates'

const root = process.cwd()
const written: string[] = []

function write(file: string, text: string) {
  const full = path.join(root, file)
  if (existsSync(full)) throw new Error(`${file} exists already: is the entity there already?`)
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, text)
  written.push(file)
}

function change(file: string, edit: (text: string) => string) {
  const full = path.join(root, file)
  const before = readFileSync(full, 'utf8')
  const after = edit(before)
  if (after === before) throw new Error(`${file}: nothing changed, so the entity was not added to it`)
  writeFileSync(full, after)
  written.push(file)
}

/** Puts `lines` just above the `// pnpm new:entity <says>` line, at its indentation. */
const insertAtMarker = (says: string, lines: string) => (text: string) => {
  const marker = new RegExp(`^( *)// pnpm new:entity ${says}$`, 'm')
  const found = marker.exec(text)
  if (!found) throw new Error(`No '// pnpm new:entity ${says}' line: put it back where entries go`)
  const indent = found[1] ?? ''
  const block = lines
    .split('\n')
    .map((line) => `${indent}${line}\n`)
    .join('')
  return text.slice(0, found.index) + block + text.slice(found.index)
}

/** Adds a name to a file's `import { … } from 'lucide-react'`, if it is not there. */
const withIcon = (icon: string) => (text: string) =>
  text.replace(/import \{([^}]*)\} from 'lucide-react'/, (whole, names: string) =>
    names.split(',').some((name) => name.trim() === icon)
      ? whole
      : `import {${names.replace(/\s*$/, '')}, ${icon} } from 'lucide-react'`,
  )

type Json = { [key: string]: string | Json }

function changeJson(file: string, edit: (json: Json) => void) {
  change(file, (text) => {
    const json = JSON.parse(text) as Json
    edit(json)
    return `${JSON.stringify(json, null, 2)}\n`
  })
}

function generate(n: EntityNames, labels: Record<LabelLanguage, Label>) {
  const feature = `src/features/${n.kebab}`
  if (existsSync(feature)) throw new Error(`${feature} exists already`)

  write(`src/server/db/schema/${n.kebab}.ts`, template.dbSchema(n))
  write(`${feature}/schema.ts`, template.schema(n))
  write(`${feature}/${n.kebab}.server.ts`, template.server(n))
  write(`${feature}/${n.kebab}.server.test.ts`, template.serverTest(n))
  write(`${feature}/${n.kebab}.functions.ts`, template.functions(n))
  write(`${feature}/queries.ts`, template.queries(n))
  write(`${feature}/page-${n.kebab}.tsx`, template.pageDetail(n))
  write(`${feature}/app/page-${n.kebabs}.tsx`, template.pageAppList(n))
  write(`${feature}/manager/page-${n.kebabs}.tsx`, template.pageManagerList(n))
  write(`${feature}/manager/form-${n.kebab}.tsx`, template.form(n))
  write(`${feature}/manager/page-${n.kebab}-new.tsx`, template.pageNew(n))
  write(`${feature}/manager/page-${n.kebab}-update.tsx`, template.pageUpdate(n))
  write(`${feature}/manager/delete-${n.kebab}.tsx`, template.deleteAction(n))
  write(`${feature}/manager/${n.kebab}-actions.tsx`, template.rowActions(n))
  for (const [file, text] of Object.entries(template.routes(n))) write(`src/routes/${file}`, text)
  write(`e2e/${n.kebabs}.spec.ts`, template.e2eSpec(n))

  change('src/server/db/schema/index.ts', (text) => `${text}export * from './${n.kebab}'\n`)
  change(
    'src/features/auth/permissions.ts',
    insertAtMarker("adds each entity's rights here.", `${n.name}: ['read', 'create', 'update', 'delete'],`),
  )
  change(
    'src/features/auth/permissions.ts',
    insertAtMarker('lets users read each entity here.', `${n.name}: ['read'],`),
  )
  change(
    'src/features/auth/function-registry.ts',
    insertAtMarker("adds each entity's functions here.", template.registryEntries(n)),
  )
  change(
    'src/server/db/errors.ts',
    insertAtMarker(
      "adds each entity's unique name here.",
      `${n.table}_name_unique: { status: 409, field: 'name', code: '${n.name}.nameTaken' },`,
    ),
  )
  change('src/features/manager/navigation.ts', (text) =>
    insertAtMarker(
      "adds each entity's list here.",
      `{ to: '/manager/${n.kebabs}', key: 'areas:nav.${n.names}', icon: Package, needs: { ${n.name}: ['read'] } },`,
    )(withIcon('Package')(text)),
  )
  change('src/features/app/layout-app.tsx', (text) =>
    insertAtMarker(
      "adds each entity's list here.",
      `{ to: '/app/${n.kebabs}', key: 'areas:nav.${n.names}', icon: Package, exact: false },`,
    )(withIcon('Package')(text)),
  )
  change('app.config.ts', (text) =>
    text
      .replace(/(namespaces: \[[^\]]*?)(,?\s*\] as const)/, `$1, '${n.name}'$2`)
      .replace(/(pageSizes: \{[^}]*?)(,?\s*\})/, `$1, ${n.names}: 20$2`),
  )

  const texts = template.texts(n, labels)
  const sameAsEnglish = template.sameAsEnglish(n, texts)
  if (sameAsEnglish) write(`${feature}/same-as-english.ts`, sameAsEnglish)
  for (const lng of languages) {
    const own = texts[lng]
    write(`locales/${lng}/${n.name}.json`, `${JSON.stringify(own.ns, null, 2)}\n`)
    changeJson(`locales/${lng}/areas.json`, (json) => {
      ;(json.nav as Json)[n.names] = own.nav
    })
    changeJson(`locales/${lng}/errors-signed-in.json`, (json) => {
      json[n.name] = own.errors
    })
  }
}

function run(command: string, args: string[]) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit' })
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { plural: { type: 'string' }, label: { type: 'string', multiple: true } },
})
const [Name] = positionals
if (!Name || positionals.length > 1) {
  console.error(
    'Usage: pnpm new:entity <Name> [--plural <Names>] [--label <lng>=<word>/<plural> …]\n' +
      '  e.g. pnpm new:entity Shelf --label fr=Étagère/Étagères --label ar=رف/رفوف --label sw=Rafu/Rafu',
  )
  process.exit(1)
}
const names = entityNames(Name, values.plural)
const { labels, missing } = entityLabels(names, values.label)
for (const lng of missing)
  console.warn(
    `Warning: no --label ${lng}=<word>/<plural>, so the ${lng} texts use the English "${names.word}" / "${names.words}": translate locales/${lng}/${names.name}.json and the nav entry in locales/${lng}/areas.json, then remove them from src/features/${names.kebab}/same-as-english.ts.`,
  )
generate(names, labels)
run('prettier', ['--log-level', 'warn', '--write', ...new Set(written)])
// Generate the migration, then build, because the build writes the route tree the types need.
run('drizzle-kit', ['generate', '--name', names.table])
run('vite', ['build', '--logLevel', 'error'])

console.log(`
${names.Name} is in: /manager/${names.kebabs} for administrators, /app/${names.kebabs} for users.

What to edit next:
- Its fields: src/server/db/schema/${names.kebab}.ts (then \`pnpm db:generate <name>\`), src/features/${names.kebab}/schema.ts,
  the form (manager/form-${names.kebab}.tsx), the pages and the tests.
- Its words: locales/{en,fr,ar,sw}/${names.name}.json and the nav entries in areas.json.${
  missing.length > 0
    ? ` The ${missing.join(', ')} texts still say "${names.words}" (see the warning above).`
    : ''
}
- Who may do what: src/features/auth/permissions.ts (admins manage it, users read it).
- \`pnpm dev\` applies the migration as it starts, or at once if it is running.`)
