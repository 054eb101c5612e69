/**
 * `pnpm new:entity Shelf [--plural Shelves] [--label fr=Étagère/Étagères …] [--holds Book]
 * [--belongs-to Library]` writes a complete entity the way Folio's own are written, and adds it to
 * each shared list above that list's `// pnpm new:entity …` line. `--label` gives the entity's word
 * in another language; `--holds` makes it hold many of another entity, each of which may be in many
 * of it; `--belongs-to` gives each of its items one of another entity, required, and filters its
 * list by it.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { getTableName, is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'

import { languages } from '../app.config'
import * as tables from '../src/server/db/schema'
import {
  entityLabels,
  entityNames,
  type EntityNames,
  type Label,
  type LabelLanguage,
} from './new-entity/names'
import * as relation from './new-entity/relations'
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

/** Adds an import after a file's last one from another folder (`~/…`), or its last one. */
const withImport = (line: string) => (text: string) => {
  const imports = [...text.matchAll(/^import [^;]*?from '([^']+)'\n/gm)]
  const last = imports.filter((found) => found[1]?.startsWith('~/')).at(-1) ?? imports.at(-1)
  if (!last) throw new Error('No import to add one after')
  const at = last.index + last[0].length
  return `${text.slice(0, at)}${line}\n${text.slice(at)}`
}

/** Adds a namespace to a route's `staticData: { namespaces: [...] }`. */
const withNamespace = (ns: string) => (text: string) =>
  text.replace(/(namespaces: \[[^\]]*?)(\])/, `$1, '${ns}'$2`)

/**
 * The entity that `--holds Book` or `--belongs-to Book` (or `Person/People`) names, as the code has
 * it: its table, the column it is shown by, its words in each language, and what a new row of it
 * must be given.
 */
function findOther(flag: string, option: string) {
  const [Name = '', plural] = option.split('/')
  const n = entityNames(Name, plural)
  const table: unknown = (tables as Record<string, unknown>)[n.name]
  if (!is(table, PgTable) || !existsSync(path.join(root, `src/routes/manager/${n.kebabs}`)))
    throw new Error(
      `${flag} ${option}: no ${n.name} table with pages at /manager/${n.kebabs} (give its plural after a slash)`,
    )
  const config = getTableConfig(table)
  const names = config.columns.map((column) => column.name)
  const label = (['title', 'name'] as const).find((key) => names.includes(key))
  if (!label) throw new Error(`${flag} ${option}: ${n.table} has no title or name column to show it by`)
  const texts = (lng: string, ns: string) =>
    JSON.parse(readFileSync(path.join(root, `locales/${lng}/${ns}.json`), 'utf8')) as {
      list: { title: string }
      entities: Record<string, string | undefined>
    }
  const byLanguage = (text: (lng: string) => string) =>
    Object.fromEntries(languages.map((lng) => [lng, text(lng)])) as relation.Other['words']
  const words = byLanguage((lng) => texts(lng, n.name).list.title)
  const word = byLanguage((lng) => {
    const found = texts(lng, 'activity').entities[n.table]
    if (!found) throw new Error(`${flag} ${option}: locales/${lng}/activity.json has no entities.${n.table}`)
    return found
  })
  const references = new Map(
    config.foreignKeys.map((key) => {
      const { columns, foreignTable } = key.reference()
      return [columns[0]?.name, getTableName(foreignTable)]
    }),
  )
  const keys = Object.entries(table as unknown as Record<string, { name?: string }>)
  const required = config.columns
    .filter((column) => column.notNull && !column.hasDefault && !column.generated)
    .map((column) => ({
      key: keys.find(([, value]) => value === column)?.[0] ?? column.name,
      references: references.get(column.name),
    }))
  return { other: { n, label, word, words } satisfies relation.Other, required }
}

type Json = { [key: string]: string | Json }

function changeJson(file: string, edit: (json: Json) => void) {
  change(file, (text) => {
    const json = JSON.parse(text) as Json
    edit(json)
    return `${JSON.stringify(json, null, 2)}\n`
  })
}

function generate(
  n: EntityNames,
  labels: Record<LabelLanguage, Label>,
  holds?: ReturnType<typeof findOther>,
  parent?: ReturnType<typeof findOther>,
) {
  const feature = `src/features/${n.kebab}`
  if (existsSync(feature)) throw new Error(`${feature} exists already`)
  const relations: template.Relations = { holds: holds?.other, belongsTo: parent?.other }

  write(`src/server/db/schema/${n.kebab}.ts`, template.dbSchema(n, relations))
  write(`${feature}/schema.ts`, template.schema(n, relations))
  write(`${feature}/${n.kebab}.server.ts`, template.server(n, relations))
  write(`${feature}/${n.kebab}.server.test.ts`, template.serverTest(n, relations, parent?.required))
  write(`${feature}/${n.kebab}.functions.ts`, template.functions(n))
  write(`${feature}/queries.ts`, template.queries(n))
  write(`${feature}/page-${n.kebab}.tsx`, template.pageDetail(n, relations))
  write(`${feature}/app/page-${n.kebabs}.tsx`, template.pageAppList(n))
  write(`${feature}/manager/page-${n.kebabs}.tsx`, template.pageManagerList(n, relations))
  write(`${feature}/manager/form-${n.kebab}.tsx`, template.form(n, relations))
  write(`${feature}/manager/page-${n.kebab}-new.tsx`, template.pageNew(n))
  write(`${feature}/manager/page-${n.kebab}-update.tsx`, template.pageUpdate(n))
  write(`${feature}/manager/delete-${n.kebab}.tsx`, template.deleteAction(n))
  write(`${feature}/manager/${n.kebab}-actions.tsx`, template.rowActions(n))
  for (const [file, text] of Object.entries(template.routes(n, relations))) write(`src/routes/${file}`, text)
  write(`e2e/${n.kebabs}.spec.ts`, template.e2eSpec(n, relations))

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
      "adds each entity's constraints here.",
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

  if (holds) addHolds(n, holds)
  if (parent) {
    const o = parent.other.n
    write(`${feature}/manager/${o.kebab}-choice.tsx`, relation.parentChoice(n, parent.other))
    change(
      'src/server/db/errors.ts',
      insertAtMarker(
        "adds each entity's constraints here.",
        `${n.table}_${o.table}_id_${o.table}_id_fk: { status: 422, field: '${o.name}Id', code: '${o.name}.notFound' },`,
      ),
    )
  }

  const texts = template.texts(n, labels, relations)
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
    changeJson(`locales/${lng}/activity.json`, (json) => {
      for (const [group, entries] of Object.entries(own.activity))
        json[group] = { ...(json[group] as Json), ...(entries as Json) }
    })
  }
}

/** The links to what the entity holds, and its list on that entity's pages. */
function addHolds(n: EntityNames, { other, required }: ReturnType<typeof findOther>) {
  const o = other.n
  const feature = `src/features/${n.kebab}`
  const link = relation.linkNames(n, o)
  write(`${feature}/${o.kebabs}.server.ts`, relation.joinServer(n, other))
  write(`${feature}/${o.kebabs}.server.test.ts`, relation.joinServerTest(n, other, required))
  write(`${feature}/${o.kebabs}.functions.ts`, relation.joinFunctions(n, other))
  write(`${feature}/${o.kebabs}.tsx`, relation.joinComponents(n, other))
  change(
    'src/server/db/errors.ts',
    insertAtMarker("adds each entity's constraints here.", relation.joinErrors(n, o)),
  )
  change(
    'src/features/auth/function-registry.ts',
    insertAtMarker("adds each entity's functions here.", relation.joinFunctionEntries(n, other)),
  )
  change(`src/features/${o.kebab}/page-${o.kebab}.tsx`, (text) =>
    insertAtMarker(
      'adds the lists of what holds it here.',
      `${link.holding},`,
    )(withImport(`import { ${link.holding} } from '~/features/${n.kebab}/${o.kebabs}'`)(text)),
  )
  for (const area of ['manager', 'app'])
    change(`src/routes/${area}/${o.kebabs}/$id/index.tsx`, withNamespace(n.name))
}

function run(command: string, args: string[]) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit' })
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    plural: { type: 'string' },
    label: { type: 'string', multiple: true },
    holds: { type: 'string' },
    'belongs-to': { type: 'string' },
  },
})
const [Name] = positionals
if (!Name || positionals.length > 1) {
  console.error(
    'Usage: pnpm new:entity <Name> [--plural <Names>] [--label <lng>=<word>/<plural> …] [--holds <Other>] [--belongs-to <Other>]\n' +
      '  e.g. pnpm new:entity Shelf --label fr=Étagère/Étagères --label ar=رف/رفوف --label sw=Rafu/Rafu --holds Book',
  )
  process.exit(1)
}
const names = entityNames(Name, values.plural)
const { labels, missing } = entityLabels(names, values.label)
for (const lng of missing)
  console.warn(
    `Warning: no --label ${lng}=<word>/<plural>, so the ${lng} texts use the English "${names.word}" / "${names.words}": translate locales/${lng}/${names.name}.json and the nav entry in locales/${lng}/areas.json, then remove them from src/features/${names.kebab}/same-as-english.ts.`,
  )
const holds = values.holds ? findOther('--holds', values.holds) : undefined
const parent = values['belongs-to'] ? findOther('--belongs-to', values['belongs-to']) : undefined
if ([holds, parent].some((other) => other?.other.n.name === names.name))
  throw new Error('An entity cannot hold itself or belong to itself')
generate(names, labels, holds, parent)
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
- Who may do what: src/features/auth/permissions.ts (admins manage it, users read it).${
  holds
    ? `
- What it holds: src/features/${names.kebab}/${holds.other.n.kebabs}.* (the links, their functions and both pages' lists);
  managing them needs the right to update a ${names.word}.`
    : ''
}${
  parent
    ? `
- What it belongs to: the ${parent.other.n.name}Id column, the form's field and the list's filter (manager/${parent.other.n.kebab}-choice.tsx).`
    : ''
}
- \`pnpm dev\` applies the migration as it starts, or at once if it is running.`)
