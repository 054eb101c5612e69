/**
 * What `pnpm new:entity <Name> --holds <Other>` adds for a many-to-many: the join table, the links'
 * server code, server functions and tests, and the lists on both sides' pages. For `--belongs-to`,
 * the form's field and the list's filter; its column and filter go in templates.ts.
 */
import type { EntityNames } from './names'

/** An entity the new one refers to, as the generator found it in the code. */
export interface Other {
  n: EntityNames
  /** The column a page shows it by: `title` for a book, `name` for a generated entity. */
  label: 'name' | 'title'
  /** Its word in each language, from the activity log's `entities`, and its plural, from its `list.title`. */
  word: Record<'en' | 'fr' | 'ar' | 'sw', string>
  words: Record<'en' | 'fr' | 'ar' | 'sw', string>
}

/** The names of the links between `n` and what it holds. */
export const linkNames = (n: EntityNames, o: EntityNames) => ({
  /** `shelfBook`, the table's variable; `shelf_book` in the database. */
  table: `${n.name}${o.Name}`,
  sql: `${n.table}_${o.table}`,
  /** `ShelfBooks` and `BookShelves`: the two lists. */
  held: `${n.Name}${o.Names}`,
  holding: `${o.Name}${n.Names}`,
})

/** The join table, after the entity's own in its schema file. */
export const joinTable = (n: EntityNames, o: EntityNames) => {
  const link = linkNames(n, o)
  return `
/**
 * Which ${o.words} each ${n.word} holds: a ${o.word} may be in many ${n.words}, and a ${n.word} hold many
 * ${o.words}. Deleting either side deletes its links.
 */
export const ${link.table} = pgTable(
  '${link.sql}',
  {
    ${n.name}Id: text()
      .notNull()
      .references(() => ${n.name}.id, { onDelete: 'cascade' }),
    ${o.name}Id: text()
      .notNull()
      .references(() => ${o.name}.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The key finds a ${n.word}'s ${o.words}; the index finds a ${o.word}'s ${n.words}.
  (t) => [primaryKey({ columns: [t.${n.name}Id, t.${o.name}Id] }), index('${link.sql}_${o.table}_id_idx').on(t.${o.name}Id)],
)
`
}

/** What the database refuses of a link, for src/server/db/errors.ts. */
export const joinErrors = (n: EntityNames, o: EntityNames) => {
  const { sql } = linkNames(n, o)
  return [
    `${sql}_${n.table}_id_${o.table}_id_pk: { status: 409, field: '${o.name}Id', code: '${n.name}.${o.name}AlreadyIn' },`,
    `${sql}_${n.table}_id_${n.table}_id_fk: { status: 404, code: '${n.name}.notFound' },`,
    `${sql}_${o.table}_id_${o.table}_id_fk: { status: 422, field: '${o.name}Id', code: '${o.name}.notFound' },`,
  ].join('\n')
}

/** The links' functions, their methods and rights, for the registry. */
export const joinFunctionEntries = (n: EntityNames, o: Other) => {
  const link = linkNames(n, o.n)
  const read = `${n.name}: ['read'], ${o.n.name}: ['read']`
  return [
    `'${n.kebab}.${o.n.kebabs}--get${link.held}': { method: 'GET', access: { ${read} } },`,
    `'${n.kebab}.${o.n.kebabs}--get${n.Name}${o.n.Name}Choices': { method: 'GET', access: { ${n.name}: ['update'], ${o.n.name}: ['read'] } },`,
    `'${n.kebab}.${o.n.kebabs}--post${n.Name}${o.n.Name}': { method: 'POST', access: { ${n.name}: ['update'], ${o.n.name}: ['read'] } },`,
    `'${n.kebab}.${o.n.kebabs}--remove${n.Name}${o.n.Name}': { method: 'POST', access: { ${n.name}: ['update'] } },`,
    `'${n.kebab}.${o.n.kebabs}--get${link.holding}': { method: 'GET', access: { ${read} } },`,
  ].join('\n')
}

export const joinServer = (n: EntityNames, o: Other) => {
  const link = linkNames(n, o.n)
  const L = o.label
  return `import '@tanstack/react-start/server-only'
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'

import { appConfig } from '@/app.config'
import { HttpError } from '~/lib/http-error'
import { db } from '~/server/database'
import { type Db, schema, type Tx } from '~/server/db'
import { withDbErrors } from '~/server/db/errors'
import { fastSearch, type ListInput } from '~/server/db/fast-search'

const { ${o.n.name}, ${n.name}, ${link.table} } = schema

/** The ids of the ${o.n.words} a ${n.word} holds, for a filter. */
const heldBy = (${n.name}Id: string) =>
  sql\`(select \${${link.table}.${o.n.name}Id} from \${${link.table}} where \${${link.table}.${n.name}Id} = \${${n.name}Id})\`

/** The ids of the ${n.words} holding a ${o.n.word}, for a filter. */
const holding = (${o.n.name}Id: string) =>
  sql\`(select \${${link.table}.${n.name}Id} from \${${link.table}} where \${${link.table}.${o.n.name}Id} = \${${o.n.name}Id})\`

/**
 * ${o.n.words[0]!.toUpperCase()}${o.n.words.slice(1)} by ${L}, searched by it: those a ${n.word} holds, or those it does not hold yet (what
 * may be added). Not cached per version, so adding or removing one shows at once.
 */
const ${o.n.names} = fastSearch({
  table: ${o.n.name},
  sorts: { ${L}: ${o.n.name}.${L} },
  filters: {
    heldBy: (id) => inArray(${o.n.name}.id, heldBy(id)),
    notHeldBy: (id) => notInArray(${o.n.name}.id, heldBy(id)),
  },
  text: sql\`lower(\${${o.n.name}.${L}})\`,
  rows: (database: Db | Tx) =>
    database.select({ id: ${o.n.name}.id, ${L}: ${o.n.name}.${L} }).from(${o.n.name}).$dynamic(),
})

/** The ${n.words} holding a ${o.n.word}, by name. */
const ${n.names} = fastSearch({
  table: ${n.name},
  sorts: { name: ${n.name}.name },
  filters: { holding: (id) => inArray(${n.name}.id, holding(id)) },
  text: sql\`lower(\${${n.name}.name})\`,
  rows: (database: Db | Tx) => database.select({ id: ${n.name}.id, name: ${n.name}.name }).from(${n.name}).$dynamic(),
})

type Paging = Pick<ListInput, 'searchTerm' | 'cursor'>

/** A page of the ${o.n.words} a ${n.word} holds. */
export async function list${link.held}(${n.name}Id: string, input: Paging, pageSize: number = appConfig.pageSizes.${n.names}) {
  return ${o.n.names}.page(await db(), { ...input, heldBy: ${n.name}Id }, pageSize)
}

/** The first ${o.n.words} matching a search that a ${n.word} does not hold yet, for its picker. */
export async function list${n.Name}${o.n.Name}Choices(${n.name}Id: string, searchTerm: string, count = 10) {
  return (await ${o.n.names}.page(await db(), { searchTerm, notHeldBy: ${n.name}Id }, count)).items
}

/** A page of the ${n.words} holding a ${o.n.word}. */
export async function list${link.holding}(${o.n.name}Id: string, input: Paging, pageSize: number = appConfig.pageSizes.${n.names}) {
  return ${n.names}.page(await db(), { ...input, holding: ${o.n.name}Id }, pageSize)
}

/** Puts a ${o.n.word} in a ${n.word}; one already there, or an unknown one, is refused. */
export async function add${n.Name}${o.n.Name}(${n.name}Id: string, ${o.n.name}Id: string) {
  await withDbErrors(async () => (await db()).insert(${link.table}).values({ ${n.name}Id, ${o.n.name}Id }))
}

/** Takes a ${o.n.word} out of a ${n.word}; one that is not there is not found. */
export async function delete${n.Name}${o.n.Name}(${n.name}Id: string, ${o.n.name}Id: string) {
  const database = await db()
  const removed = await database
    .delete(${link.table})
    .where(and(eq(${link.table}.${n.name}Id, ${n.name}Id), eq(${link.table}.${o.n.name}Id, ${o.n.name}Id)))
    .returning({ ${o.n.name}Id: ${link.table}.${o.n.name}Id })
  if (removed.length === 0) throw new HttpError(404, '${n.name}.${o.n.name}NotIn')
}
`
}

export const joinFunctions = (n: EntityNames, o: Other) => {
  const link = linkNames(n, o.n)
  const id = `${n.kebab}.${o.n.kebabs}`
  return `import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'

import { authorizeFunction } from '~/features/auth/require-permission'
import { zId } from '~/lib/limits'
import { zPageInput } from '~/lib/search-params'
import { validateInput } from '~/lib/validate-input'

import {
  add${n.Name}${o.n.Name},
  delete${n.Name}${o.n.Name},
  list${link.holding},
  list${link.held},
  list${n.Name}${o.n.Name}Choices,
} from './${o.n.kebabs}.server'

/** One side's id, and the search and cursor of a page of the other side. */
const zPageOf = z.extend(zPageInput, { id: zId })
const zLink = z.object({ id: zId, ${o.n.name}Id: zId })

export const get${link.held} = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('${id}--get${link.held}')])
  .validator(validateInput(zPageOf))
  .handler(({ data: { id, ...page } }) => list${link.held}(id, page))

export const get${n.Name}${o.n.Name}Choices = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('${id}--get${n.Name}${o.n.Name}Choices')])
  .validator(validateInput(zPageOf))
  .handler(({ data }) => list${n.Name}${o.n.Name}Choices(data.id, data.searchTerm))

export const post${n.Name}${o.n.Name} = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('${id}--post${n.Name}${o.n.Name}')])
  .validator(validateInput(zLink))
  .handler(({ data }) => add${n.Name}${o.n.Name}(data.id, data.${o.n.name}Id))

export const remove${n.Name}${o.n.Name} = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('${id}--remove${n.Name}${o.n.Name}')])
  .validator(validateInput(zLink))
  .handler(({ data }) => delete${n.Name}${o.n.Name}(data.id, data.${o.n.name}Id))

export const get${link.holding} = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('${id}--get${link.holding}')])
  .validator(validateInput(zPageOf))
  .handler(({ data: { id, ...page } }) => list${link.holding}(id, page))
`
}

/** The lists on both sides' pages, and the picker that adds to the first. */
export const joinComponents = (n: EntityNames, o: Other) => {
  const link = linkNames(n, o.n)
  const L = o.label
  return `import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  useSuspenseInfiniteQuery,
} from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Package, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { ItemRow, itemsClass, PagedList } from '~/components/paged-list'
import { Button } from '~/components/ui/button'
import { SectionHeader } from '~/components/ui/card'
import { Combobox } from '~/components/ui/combobox'
import { EmptyState } from '~/components/ui/empty-state'
import { useAction } from '~/lib/use-action'
import { useDebouncedValue } from '~/lib/use-debounced-value'

import {
  get${link.held},
  get${n.Name}${o.n.Name}Choices,
  get${link.holding},
  post${n.Name}${o.n.Name},
  remove${n.Name}${o.n.Name},
} from './${o.n.kebabs}.functions'

type Area = 'app' | 'manager'

/** The ${o.n.words} a ${n.word} holds; under '${o.n.names}', so a renamed ${o.n.word} shows at once. */
export const ${n.name}${o.n.Names}Query = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['${o.n.names}', 'heldBy${n.Name}', id],
    queryFn: ({ pageParam }) => get${link.held}({ data: { id, searchTerm: '', cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

/** The ${n.words} holding a ${o.n.word}; under '${n.names}', so a renamed ${n.word} shows at once. */
export const ${o.n.name}${n.Names}Query = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['${n.names}', 'holding${o.n.Name}', id],
    queryFn: ({ pageParam }) => get${link.holding}({ data: { id, searchTerm: '', cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

const choicesQuery = (id: string, searchTerm: string) =>
  queryOptions({
    queryKey: ['${o.n.names}', 'notHeldBy${n.Name}', id, searchTerm],
    queryFn: () => get${n.Name}${o.n.Name}Choices({ data: { id, searchTerm } }),
    placeholderData: keepPreviousData,
  })

/** After a link changes: both sides' lists and what may still be added. */
function useForgetLinks(id: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['${o.n.names}', 'heldBy${n.Name}', id] }),
      queryClient.invalidateQueries({ queryKey: ['${o.n.names}', 'notHeldBy${n.Name}', id] }),
      queryClient.invalidateQueries({ queryKey: ['${n.names}', 'holding${o.n.Name}'] }),
    ])
}

/**
 * The ${o.n.words} a ${n.word} holds, on its pages: each links to its own page in the same area, and
 * with \`manage\` (the right to update the ${n.word}) a picker adds one and a button takes one out.
 */
export function ${link.held}({ id, area, manage = false }: { id: string; area: Area; manage?: boolean }) {
  const { t } = useTranslation(['${n.name}', '${o.n.name}'])
  const list = useSuspenseInfiniteQuery(${n.name}${o.n.Names}Query(id))
  return (
    <section aria-labelledby="${n.kebab}-${o.n.kebabs}-title" className="flex flex-col gap-3">
      <SectionHeader id="${n.kebab}-${o.n.kebabs}-title" title={t('${o.n.name}:list.title')} />
      {manage && (
        <div className="max-w-md">
          <Add${n.Name}${o.n.Name} id={id} />
        </div>
      )}
      <PagedList list={list} empty={<EmptyState icon={Package} text={t('${o.n.name}:list.empty')} />}>
        {(${o.n.names}, rows) => (
          <ul ref={rows} className={itemsClass.rows}>
            {${o.n.names}.map((${o.n.name}) => (
              <ItemRow
                key={${o.n.name}.id}
                link={{ to: \`/\${area}/${o.n.kebabs}/$id\`, params: { id: ${o.n.name}.id } }}
                name={${o.n.name}.${L}}
              >
                {manage && <Remove${n.Name}${o.n.Name} id={id} ${o.n.name}={{ id: ${o.n.name}.id, name: ${o.n.name}.${L} }} />}
              </ItemRow>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  )
}

/** Type to find a ${o.n.word} the ${n.word} does not hold yet, and pick it to add it. */
function Add${n.Name}${o.n.Name}({ id }: { id: string }) {
  const { t } = useTranslation('${n.name}')
  const [term, setTerm] = useState('')
  const searched = useDebouncedValue(term.trim(), 200)
  const choices = useQuery(choicesQuery(id, searched))
  const post = useServerFn(post${n.Name}${o.n.Name})
  const forget = useForgetLinks(id)
  const add = useAction((${o.n.name}Id: string) => post({ data: { id, ${o.n.name}Id } }), {
    succeeded: t('${o.n.names}.added'),
    failed: t('${o.n.names}.addFailed'),
    onSuccess: forget,
  })
  return (
    <Combobox
      label={t('${o.n.names}.add')}
      value={null}
      onChange={(${o.n.name}) => add.mutate(${o.n.name}.id)}
      options={(choices.data ?? []).map((${o.n.name}) => ({ id: ${o.n.name}.id, name: ${o.n.name}.${L} }))}
      term={term}
      onTermChange={setTerm}
      loading={choices.isFetching || searched !== term.trim() || add.isPending}
    />
  )
}

/** Takes a ${o.n.word} out of the ${n.word}; it stays in the catalogue, so nothing asks first. */
function Remove${n.Name}${o.n.Name}({ id, ${o.n.name} }: { id: string; ${o.n.name}: { id: string; name: string } }) {
  const { t } = useTranslation('${n.name}')
  const remove = useServerFn(remove${n.Name}${o.n.Name})
  const forget = useForgetLinks(id)
  const action = useAction(() => remove({ data: { id, ${o.n.name}Id: ${o.n.name}.id } }), {
    succeeded: t('${o.n.names}.removed'),
    failed: t('${o.n.names}.removeFailed'),
    onSuccess: forget,
  })
  return (
    <Button
      variant="ghost"
      size="icon"
      icon={X}
      loading={action.isPending}
      onClick={() => action.mutate(undefined)}
      aria-label={t('${o.n.names}.remove', { name: ${o.n.name}.name })}
    />
  )
}

/** The ${n.words} holding a ${o.n.word}, on the ${o.n.word}'s pages. */
export function ${link.holding}({ id, area }: { id: string; area: Area }) {
  const { t } = useTranslation('${n.name}')
  const list = useSuspenseInfiniteQuery(${o.n.name}${n.Names}Query(id))
  return (
    <section aria-labelledby="${o.n.kebab}-${n.kebabs}-title" className="flex flex-col gap-3">
      <SectionHeader id="${o.n.kebab}-${n.kebabs}-title" title={t('list.title')} />
      <PagedList list={list} empty={<EmptyState icon={Package} text={t('list.empty')} />}>
        {(${n.names}, rows) => (
          <ul ref={rows} className={itemsClass.rows}>
            {${n.names}.map((${n.name}) => (
              <ItemRow
                key={${n.name}.id}
                link={{ to: \`/\${area}/${n.kebabs}/$id\`, params: { id: ${n.name}.id } }}
                name={${n.name}.name}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  )
}
`
}

/** A column a new row must be given: text, or the id of a row of the table it refers to. */
export interface RequiredColumn {
  key: string
  references?: string
}

/** The links' tests, each making ${o.words} of its own as their table requires. */
/**
 * A new row's values in a test, as its table requires them: text made of \`tag\` and \`index\`, and
 * for a reference the id of some row of that table.
 */
export const rowValues = (required: RequiredColumn[]) =>
  required
    .map(({ key, references }) =>
      references
        ? `${key}: sql\`(select id from \${sql.identifier('${references}')} limit 1)\``
        : `${key}: \`\${tag} \${index}\``,
    )
    .join(', ')

export const joinServerTest = (n: EntityNames, o: Other, required: RequiredColumn[]) => {
  const link = linkNames(n, o.n)
  const values = rowValues(required)
  return `import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { HttpError } from '~/lib/http-error'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { everyPage } from '~/test/pages'

import { delete${n.Name} } from './${n.kebab}.server'
import {
  add${n.Name}${o.n.Name},
  delete${n.Name}${o.n.Name},
  list${link.holding},
  list${link.held},
  list${n.Name}${o.n.Name}Choices,
} from './${o.n.kebabs}.server'

const marker = () => \`zq\${crypto.randomUUID().slice(0, 8)}\`

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof HttpError ? { status: error.status, code: error.code, field: error.field } : error,
  )

/** A ${n.word} and ${o.n.words} of this test's own, so no other test's data counts. */
async function made(count: number) {
  const tag = marker()
  const database = await db()
  const [${n.name}] = await database.insert(schema.${n.name}).values({ name: tag }).returning({ id: schema.${n.name}.id })
  const ${o.n.names} = await database
    .insert(schema.${o.n.name})
    .values(Array.from({ length: count }, (_, index) => ({ ${values} })))
    .returning({ id: schema.${o.n.name}.id, ${o.label}: schema.${o.n.name}.${o.label} })
  return { tag, ${n.name}Id: ${n.name}!.id, ${o.n.names}: ${o.n.names}.sort((a, b) => a.${o.label}.localeCompare(b.${o.label})) }
}

describe('${n.words} holding ${o.n.words}', () => {
  it('pages through a ${n.word}\\'s ${o.n.words}, counting only those it holds, and lists the ${n.word} on each', async () => {
    const { ${n.name}Id, ${o.n.names} } = await made(5)
    for (const ${o.n.name} of ${o.n.names}.slice(0, 4)) await add${n.Name}${o.n.Name}(${n.name}Id, ${o.n.name}.id)
    const pages = await everyPage((cursor) => list${link.held}(${n.name}Id, { searchTerm: '', cursor }, 3))
    expect(pages.map((page) => page.total)).toEqual([4, 4])
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(${o.n.names}.slice(0, 4).map((item) => item.id))
    expect((await list${link.holding}(${o.n.names}[0]!.id, { searchTerm: '' })).items.map((item) => item.id)).toEqual([${n.name}Id])
    expect((await list${link.holding}(${o.n.names}[4]!.id, { searchTerm: '' })).total).toBe(0)
  })

  it('offers only the ${o.n.words} a ${n.word} does not hold yet', async () => {
    const { tag, ${n.name}Id, ${o.n.names} } = await made(3)
    await add${n.Name}${o.n.Name}(${n.name}Id, ${o.n.names}[1]!.id)
    const offered = await list${n.Name}${o.n.Name}Choices(${n.name}Id, tag)
    expect(offered.map((item) => item.id)).toEqual([${o.n.names}[0]!.id, ${o.n.names}[2]!.id])
  })

  it('refuses a ${o.n.word} twice or an unknown one, and says when there is none to remove', async () => {
    const { ${n.name}Id, ${o.n.names} } = await made(1)
    const ${o.n.name}Id = ${o.n.names}[0]!.id
    await add${n.Name}${o.n.Name}(${n.name}Id, ${o.n.name}Id)
    expect(await refusal(add${n.Name}${o.n.Name}(${n.name}Id, ${o.n.name}Id))).toEqual({
      status: 409,
      code: '${n.name}.${o.n.name}AlreadyIn',
      field: '${o.n.name}Id',
    })
    expect(await refusal(add${n.Name}${o.n.Name}(${n.name}Id, 'unknown'))).toEqual({
      status: 422,
      code: '${o.n.name}.notFound',
      field: '${o.n.name}Id',
    })
    expect(await refusal(add${n.Name}${o.n.Name}('unknown', ${o.n.name}Id))).toEqual({
      status: 404,
      code: '${n.name}.notFound',
      field: undefined,
    })
    await delete${n.Name}${o.n.Name}(${n.name}Id, ${o.n.name}Id)
    expect(await refusal(delete${n.Name}${o.n.Name}(${n.name}Id, ${o.n.name}Id))).toEqual({
      status: 404,
      code: '${n.name}.${o.n.name}NotIn',
      field: undefined,
    })
  })

  it('forgets the links of a deleted ${n.word} or ${o.n.word}', async () => {
    const { ${n.name}Id, ${o.n.names} } = await made(2)
    for (const ${o.n.name} of ${o.n.names}) await add${n.Name}${o.n.Name}(${n.name}Id, ${o.n.name}.id)
    await (await db()).delete(schema.${o.n.name}).where(sql\`\${schema.${o.n.name}.id} = \${${o.n.names}[0]!.id}\`)
    expect((await list${link.held}(${n.name}Id, { searchTerm: '' })).total).toBe(1)
    await delete${n.Name}(${n.name}Id)
    expect((await list${link.holding}(${o.n.names}[1]!.id, { searchTerm: '' })).total).toBe(0)
  })
})
`
}

/** The end-to-end test of the links, as an administrator, for the entity's spec. */
export const joinE2e = (n: EntityNames, o: Other) => {
  const Others = o.words.en
  const Names = n.words[0]!.toUpperCase() + n.words.slice(1)
  return `
  test('puts a ${o.n.word} in a ${n.word}, shows each on the other\\'s pages, and takes it out', async ({ page }) => {
    const name = \`${n.word[0]!.toUpperCase()}${n.word.slice(1)} \${crypto.randomUUID().slice(0, 8)}\`
    await page.goto('/manager/${n.kebabs}/new')
    await waitForHydration(page)
    await page.getByLabel('Name').fill(name)
    await page.getByRole('button', { name: 'Create ${n.word}' }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    const detail = new URL(page.url()).pathname
    const held = page.getByRole('region', { name: '${Others}' })

    // The picker offers ${o.n.words}; the one picked is added, and is offered no more.
    const picker = held.getByRole('combobox', { name: 'Add ${Others.toLowerCase()}' })
    await picker.click()
    const first = page.getByRole('option').first()
    const ${o.label} = (await first.textContent()) ?? ''
    await first.click()
    await expect(held.getByRole('link', { name: ${o.label}, exact: true })).toBeVisible()
    await picker.fill(${o.label})
    await expect(page.getByRole('listbox').getByText('No results found')).toBeVisible()
    await page.keyboard.press('Escape')

    // Each side's pages, in the manager and in the app, list the other.
    await held.getByRole('link', { name: ${o.label}, exact: true }).click()
    await expect(page.getByRole('region', { name: '${Names}' }).getByRole('link', { name, exact: true })).toBeVisible()
    await page.goto(page.url().replace('/manager/', '/app/'))
    await expect(page.getByRole('region', { name: '${Names}' }).getByRole('link', { name, exact: true })).toBeVisible()
    await page.goto(detail.replace('/manager/', '/app/'))
    await expect(page.getByRole('region', { name: '${Others}' }).getByRole('link', { name: ${o.label}, exact: true })).toBeVisible()
    await expect(page.getByRole('combobox')).toHaveCount(0)

    await page.goto(detail)
    await waitForHydration(page)
    await held.getByRole('button', { name: \`Remove “\${isolate(${o.label})}”\` }).click()
    await expect(held.getByRole('link', { name: ${o.label}, exact: true })).toHaveCount(0)
  })
`
}

/** The form's field and the list's filter for what the entity belongs to (`--belongs-to`). */
export const parentChoice = (n: EntityNames, p: Other) => {
  const o = p.n
  const L = p.label
  return `import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { ListFilter } from '~/components/list-filter'
import { Combobox, type ComboboxOption } from '~/components/ui/combobox'
import { useFieldError, useFieldHandlers } from '~/components/ui/form'
import { get${o.Names} } from '~/features/${o.kebab}/${o.kebab}.functions'
import { ${o.name}Query } from '~/features/${o.kebab}/queries'
import { useDebouncedValue } from '~/lib/use-debounced-value'

/** The first ${o.words} matching a search, by ${L}, from the ${o.words}' own list. */
export const ${o.name}ChoicesQuery = (searchTerm: string) =>
  queryOptions({
    queryKey: ['${o.names}', 'choices', searchTerm],
    queryFn: () => get${o.Names}({ data: { searchTerm } }),
    select: (page) => page.items.map((${o.name}) => ({ id: ${o.name}.id, name: ${o.name}.${L} })),
    placeholderData: keepPreviousData,
  })

/** The form's ${o.word} field: type to find one. \`initial\` is the ${n.word}'s own. */
export function ${o.Name}Select({ initial }: { initial: { id: string; ${L}: string } | null }) {
  const { t } = useTranslation('${n.name}')
  const { onChange, onBlur } = useFieldHandlers<string>()
  const error = useFieldError()
  const [value, setValue] = useState<ComboboxOption | null>(initial && { id: initial.id, name: initial.${L} })
  const [term, setTerm] = useState('')
  const searched = useDebouncedValue(term.trim(), 200)
  const choices = useQuery(${o.name}ChoicesQuery(searched))
  return (
    <Combobox
      label={t('fields.${o.name}')}
      value={value}
      onChange={(${o.name}) => {
        setValue(${o.name})
        onChange(${o.name}.id)
      }}
      options={choices.data ?? []}
      term={term}
      onTermChange={setTerm}
      loading={choices.isFetching || searched !== term.trim()}
      error={error}
      onBlur={onBlur}
      required
    />
  )
}

/**
 * The list's filter by ${o.word}: the first ${o.words} by ${L} (the list's loader has fetched them),
 * and the one chosen if it is further on.
 */
export function ${o.Name}Filter({ value, onChange }: { value?: string; onChange: (${o.name}?: string) => void }) {
  const { t } = useTranslation('${n.name}')
  const first = useQuery(${o.name}ChoicesQuery('')).data ?? []
  const further = value !== undefined && !first.some((${o.name}) => ${o.name}.id === value)
  const chosen = useQuery({ ...${o.name}Query(value ?? ''), enabled: further }).data
  const options = chosen && further ? [{ id: chosen.id, name: chosen.${L} }, ...first] : first
  return (
    <ListFilter
      label={t('fields.${o.name}')}
      all={t('list.all${o.Names}')}
      value={value}
      options={options.map((${o.name}) => ({ value: ${o.name}.id, label: ${o.name}.name }))}
      onChange={onChange}
    />
  )
}
`
}
