/**
 * The files `pnpm new:entity` writes for one entity, in the style of Folio's own: a list, a search,
 * and create, edit and delete over a name and a description.
 */
import { type EntityNames, type Label, type LabelLanguage, labelLanguages } from './names'
import { joinE2e, joinTable, linkNames, type Other, type RequiredColumn, rowValues } from './relations'

/** What the entity refers to: what it holds (a many-to-many), and what it belongs to (a reference). */
export interface Relations {
  holds?: Other
  belongsTo?: Other
}

const upper = (text: string) => text[0]!.toUpperCase() + text.slice(1)

/** The table, in its own file under src/server/db/schema/. */
export const dbSchema = (n: EntityNames, { holds, belongsTo: parent }: Relations = {}) => {
  const others = [...new Set([holds, parent].flatMap((other) => (other ? [other.n.kebab] : [])))]
  return `import { sql } from 'drizzle-orm'
import { index, pgTable, ${holds ? 'primaryKey, ' : ''}text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
${others.map((kebab) => `\nimport { ${[holds, parent].find((other) => other?.n.kebab === kebab)!.n.name} } from './${kebab}'\n`).join('')}
export const ${n.name} = pgTable(
  '${n.table}',
  {
    id: text()
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text().notNull(),
    description: text(),${
      parent
        ? `
    // The ${parent.n.word} it belongs to; deleting the ${parent.n.word} deletes its ${n.words}.
    ${parent.n.name}Id: text()
      .notNull()
      .references(() => ${parent.n.name}.id, { onDelete: 'cascade' }),`
        : ''
    }
    // Milliseconds, as a list's cursor keeps them, since the list sorts by it.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // A name is unique, compared trimmed and case-insensitively.
    uniqueIndex('${n.table}_name_unique').on(sql\`lower(trim(\${t.name}))\`),
    // The orders the manager's list sorts by (name, newest), the id breaking ties.
    index('${n.table}_name_id_idx').on(t.name, t.id),
    index('${n.table}_created_at_id_idx').on(t.createdAt, t.id),${
      parent
        ? `
    // A ${parent.n.word}'s ${n.words}, for the list's filter and for deleting them with it.
    index('${n.table}_${parent.n.table}_id_idx').on(t.${parent.n.name}Id),`
        : ''
    }
  ],
)
${holds ? joinTable(n, holds.n) : ''}`
}

export const schema = (n: EntityNames, { belongsTo: parent }: Relations = {}) => `import { z } from 'zod/mini'

import { maxChars${parent ? ', zId' : ''} } from '~/lib/limits'
import { type ListView, listView } from '~/lib/search-params'

/** The longest name and description a ${n.word} takes, checked in the browser and on the server. */
export const ${n.name}Limits = { name: 200, description: 2000 } as const

/** Messages are translation keys, namespace included, so any form can show them. */
export const z${n.Name}Input = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: '${n.name}:validation.nameRequired' }),
      maxChars(${n.name}Limits.name),
    ),
  // An empty description is none.
  description: z.pipe(
    z.nullish(
      z.pipe(
        z.string().check(z.trim(), maxChars(${n.name}Limits.description)),
        z.transform((value) => value || null),
      ),
    ),
    z.transform((value) => value ?? null),
  ),${
    parent
      ? `
  ${parent.n.name}Id: z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: '${n.name}:validation.${parent.n.name}Required' })),
    zId,
  ),`
      : ''
  }
})
export type ${n.Name}Input = z.input<typeof z${n.Name}Input>
export type ${n.Name}Values = z.output<typeof z${n.Name}Input>

export const z${n.Name}Id = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) })

export const z${n.Name}Update = z.extend(z${n.Name}Id, { ${n.name}: z${n.Name}Input })

${
  parent
    ? `/** The ${n.words}' list: sorted by name or when added; filtered by ${parent.n.word}. */
export const ${n.name}List = listView(['name', 'createdAt'], { ${parent.n.name}: zId })`
    : `/** The ${n.words}' list: sorted by name or when added. A filter goes in the second argument. */
export const ${n.name}List = listView(['name', 'createdAt'])`
}
export type ${n.Name}ListView = ListView<typeof ${n.name}List>
`

export const server = (
  n: EntityNames,
  { belongsTo: parent }: Relations = {},
) => `import '@tanstack/react-start/server-only'
import { eq, sql } from 'drizzle-orm'

import { appConfig } from '@/app.config'
import { HttpError } from '~/lib/http-error'
import { db } from '~/server/database'
import { type Db, schema, type Tx } from '~/server/db'
import { withDbErrors } from '~/server/db/errors'
import type { z } from 'zod/mini'

import { fastSearch } from '~/server/db/fast-search'

import type { ${n.name}List, ${n.Name}Values } from './schema'

const { ${n.name}${parent ? `, ${parent.n.name}` : ''} } = schema

/** What a list or a page shows of a ${n.word}. */
const ${n.name}Rows = (database: Db | Tx) =>
  database
    .select({
      id: ${n.name}.id,
      name: ${n.name}.name,
      description: ${n.name}.description,
      createdAt: ${n.name}.createdAt,
      updatedAt: ${n.name}.updatedAt,${
        parent
          ? `\n      ${parent.n.name}: { id: ${parent.n.name}.id, ${parent.label}: ${parent.n.name}.${parent.label} },`
          : ''
      }
    })
    .from(${n.name})${parent ? `\n    .innerJoin(${parent.n.name}, eq(${parent.n.name}.id, ${n.name}.${parent.n.name}Id))` : ''}
    .$dynamic()

/**
 * ${upper(n.words)} sorted by name or when added (the id breaks ties)${parent ? `, filtered by ${parent.n.word}` : ''} and searched by
 * name. For a large table, add a lower-cased column with a trigram index, as books have.
 */
const ${n.names} = fastSearch({
  table: ${n.name},
  sorts: { name: ${n.name}.name, createdAt: ${n.name}.createdAt },${
    parent ? `\n  filters: { ${parent.n.name}: (id) => eq(${n.name}.${parent.n.name}Id, id) },` : ''
  }
  text: sql\`lower(\${${n.name}.name})\`,
  rows: ${n.name}Rows,
})

export async function list${n.Names}(input: z.output<typeof ${n.name}List.input>, pageSize: number = appConfig.pageSizes.${n.names}) {
  return ${n.names}.page(await db(), input, pageSize)
}

export async function get${n.Name}(id: string) {
  const [found] = await ${n.name}Rows(await db()).where(eq(${n.name}.id, id))
  if (!found) throw new HttpError(404, '${n.name}.notFound')
  return found
}

export async function create${n.Name}(input: ${n.Name}Values) {
  const [created] = await withDbErrors(async () =>
    (await db()).insert(${n.name}).values(input).returning({ id: ${n.name}.id }),
  )
  if (!created) throw new HttpError(500, 'UNKNOWN_ERROR')
  return created
}

export async function update${n.Name}(id: string, input: ${n.Name}Values) {
  const [updated] = await withDbErrors(async () =>
    (await db()).update(${n.name}).set(input).where(eq(${n.name}.id, id)).returning({ id: ${n.name}.id }),
  )
  if (!updated) throw new HttpError(404, '${n.name}.notFound')
  return updated
}

export async function delete${n.Name}(id: string) {
  const [deleted] = await withDbErrors(async () =>
    (await db()).delete(${n.name}).where(eq(${n.name}.id, id)).returning({ id: ${n.name}.id }),
  )
  if (!deleted) throw new HttpError(404, '${n.name}.notFound')
  return deleted
}
`

/** The server functions' ids, methods and rules, for the registry. */
export const functionIds = (n: EntityNames) =>
  [
    [`get${n.Names}`, 'GET', 'read'],
    [`get${n.Name}ById`, 'GET', 'read'],
    [`post${n.Name}`, 'POST', 'create'],
    [`put${n.Name}`, 'POST', 'update'],
    [`remove${n.Name}`, 'POST', 'delete'],
  ] as const

export const registryEntries = (n: EntityNames) =>
  functionIds(n)
    .map(
      ([fn, method, right]) =>
        `'${n.kebab}--${fn}': { method: '${method}', access: { ${n.name}: ['${right}'] } },`,
    )
    .join('\n')

export const functions = (n: EntityNames) => `import { createServerFn } from '@tanstack/react-start'

import { authorizeFunction } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'

import { create${n.Name}, delete${n.Name}, get${n.Name}, list${n.Names}, update${n.Name} } from './${n.kebab}.server'
import { ${n.name}List, z${n.Name}Id, z${n.Name}Input, z${n.Name}Update } from './schema'

export const get${n.Names} = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('${n.kebab}--get${n.Names}')])
  .validator(validateInput(${n.name}List.input))
  .handler(({ data }) => list${n.Names}(data))

export const get${n.Name}ById = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('${n.kebab}--get${n.Name}ById')])
  .validator(validateInput(z${n.Name}Id))
  .handler(({ data }) => get${n.Name}(data.id))

export const post${n.Name} = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('${n.kebab}--post${n.Name}')])
  .validator(validateInput(z${n.Name}Input))
  .handler(({ data }) => create${n.Name}(data))

export const put${n.Name} = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('${n.kebab}--put${n.Name}')])
  .validator(validateInput(z${n.Name}Update))
  .handler(({ data }) => update${n.Name}(data.id, data.${n.name}))

export const remove${n.Name} = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('${n.kebab}--remove${n.Name}')])
  .validator(validateInput(z${n.Name}Id))
  .handler(({ data }) => delete${n.Name}(data.id))
`

export const queries = (
  n: EntityNames,
) => `import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'

import { ensureOrNotFound } from '~/lib/ensure-or-not-found'

import { get${n.Name}ById, get${n.Names} } from './${n.kebab}.functions'
import type { ${n.Name}ListView } from './schema'

export const ${n.names}Query = (view: ${n.Name}ListView) =>
  infiniteQueryOptions({
    queryKey: ['${n.names}', 'list', view],
    queryFn: ({ pageParam }) => get${n.Names}({ data: { ...view, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

export const ${n.name}Query = (id: string) =>
  queryOptions({
    queryKey: ['${n.names}', 'detail', id],
    queryFn: () => get${n.Name}ById({ data: { id } }),
  })

/** Loads a ${n.word} for a detail page; an unknown id becomes the route group's 404 page. */
export const load${n.Name}OrNotFound = (queryClient: QueryClient, id: string) =>
  ensureOrNotFound(queryClient, ${n.name}Query(id))

/** A ${n.word} as the lists show it. */
export type ${n.Name}Row = Awaited<ReturnType<typeof get${n.Names}>>['items'][number]
`

export const pageDetail = (
  n: EntityNames,
  { belongsTo: parent }: Relations = {},
) => `import { useSuspenseQuery } from '@tanstack/react-query'${parent ? "\nimport { Link } from '@tanstack/react-router'" : ''}
import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { Details } from '~/components/ui/details'

import { ${n.name}Query } from './queries'

/** The lists of what holds a ${n.word}, below its details on its manager and app pages. */
const holders: Array<ComponentType<{ id: string; area: 'app' | 'manager' }>> = [
  // pnpm new:entity adds the lists of what holds it here.
]

/**
 * A ${n.word}'s details, below its list in the breadcrumb; \`actions\` is what may be done with it,
 * \`children\` what follows (what it holds, its history).
 */
export function Page${n.Name}({
  id,
  backTo,
  actions,
  children,
}: {
  id: string
  backTo: '/app/${n.kebabs}' | '/manager/${n.kebabs}'
  actions?: (${n.name}: { id: string; name: string }) => ReactNode
  children?: ReactNode
}) {
  const { t } = useTranslation('${n.name}')
  const { data: ${n.name} } = useSuspenseQuery(${n.name}Query(id))
  return (
    <article className="flex flex-col gap-6">
      <PageHeader
        parents={[{ to: backTo, label: t('list.title') }]}
        title={${n.name}.name}
        actions={actions?.(${n.name})}
      />
      <Details
        fields={[${
          parent
            ? `
          {
            label: t('fields.${parent.n.name}'),
            value: (
              <Link
                to={backTo === '/manager/${n.kebabs}' ? '/manager/${parent.n.kebabs}/$id' : '/app/${parent.n.kebabs}/$id'}
                params={{ id: ${n.name}.${parent.n.name}.id }}
                className="underline-offset-4 hover:underline"
              >
                <bdi>{${n.name}.${parent.n.name}.${parent.label}}</bdi>
              </Link>
            ),
          },`
            : ''
        }
          {
            label: t('fields.description'),
            value: ${n.name}.description ? (
              <span dir="auto" className="whitespace-pre-line">
                {${n.name}.description}
              </span>
            ) : (
              <span className="text-muted-foreground">{t('fields.noDescription')}</span>
            ),
          },
        ]}
      />
      {holders.map((Holders, index) => (
        <Holders key={index} id={id} area={backTo === '/manager/${n.kebabs}' ? 'manager' : 'app'} />
      ))}
      {children}
    </article>
  )
}
`

export const pageAppList = (
  n: EntityNames,
) => `import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Package } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { ItemRow, itemsClass, PagedList } from '~/components/paged-list'
import { EmptyState } from '~/components/ui/empty-state'

import { ${n.names}Query } from '../queries'

/** The app's ${n.words}, read only: a list, more on demand. */
export function Page${n.Names}() {
  const { t } = useTranslation('${n.name}')
  const list = useSuspenseInfiniteQuery(${n.names}Query({ searchTerm: '' }))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('list.title')} />
      <PagedList list={list} empty={<EmptyState icon={Package} text={t('list.empty')} />}>
        {(${n.names}, rows) => (
          <ul ref={rows} className={itemsClass.rows}>
            {${n.names}.map((${n.name}) => (
              <ItemRow
                key={${n.name}.id}
                link={{ to: '/app/${n.kebabs}/$id', params: { id: ${n.name}.id } }}
                name={${n.name}.name}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  )
}
`

export const pageManagerList = (
  n: EntityNames,
  { belongsTo: parent }: Relations = {},
) => `import { getRouteApi } from '@tanstack/react-router'
import { Package } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import type { ListColumn } from '~/components/data-table'
import { ListPage } from '~/components/list-page'
import { hasPermission } from '~/features/auth/permissions'
import { useFormatDate } from '~/lib/use-format-date'

import { ${n.names}Query, type ${n.Name}Row } from '../queries'
import { ${n.name}List } from '../schema'
import { ${n.Name}Actions } from './${n.kebab}-actions'${
  parent ? `\nimport { ${parent.n.Name}Filter } from './${parent.n.kebab}-choice'` : ''
}

const route = getRouteApi('/manager/${n.kebabs}/')

/** The manager's ${n.words}, page by page, with the search${parent ? ', the sort and the filter' : ' and the sort'} kept in the address. */
export function PageManager${n.Names}() {
  const { session } = route.useRouteContext()
  const { t } = useTranslation('${n.name}')
  const formatDate = useFormatDate()
  const columns: Array<ListColumn<${n.Name}Row>> = [
    {
      id: 'name',
      header: t('fields.name'),
      cell: ({ row }) => (
        <span dir="auto" className="font-medium [overflow-wrap:anywhere]">
          {row.original.name}
        </span>
      ),
    },
${
  parent
    ? `    {
      id: '${parent.n.name}',
      header: t('fields.${parent.n.name}'),
      cell: ({ row }) => (
        <span dir="auto" className="line-clamp-1">
          {row.original.${parent.n.name}.${parent.label}}
        </span>
      ),
      meta: { className: 'max-sm:hidden' },
    },
`
    : ''
}    {
      id: 'description',
      header: t('fields.description'),
      cell: ({ row }) => (
        <span dir="auto" className="line-clamp-1">
          {row.original.description}
        </span>
      ),
      meta: { className: 'max-md:hidden' },
    },
    {
      id: 'createdAt',
      header: t('fields.createdAt'),
      cell: ({ row }) => formatDate(row.original.createdAt),
      meta: { className: 'max-lg:hidden whitespace-nowrap', descFirst: true },
    },
  ]
  return (
    <ListPage
      ns="${n.name}"
      newTo={hasPermission(session.user.role, { ${n.name}: ['create'] }) ? '/manager/${n.kebabs}/new' : undefined}
      view={route.useSearch()}
      list={${n.name}List}
      query={${n.names}Query}
      emptyIcon={Package}${
        parent
          ? `
      filters={(view, change) => (
        <${parent.n.Name}Filter value={view.${parent.n.name}} onChange={(${parent.n.name}) => change({ ${parent.n.name} })} />
      )}`
          : ''
      }
      columns={columns}
      rowLink={(${n.name}) => ({ to: '/manager/${n.kebabs}/$id', params: { id: ${n.name}.id } })}
      rowActions={(${n.name}) => <${n.Name}Actions ${n.name}={${n.name}} role={session.user.role} />}
    />
  )
}
`

export const form = (
  n: EntityNames,
  { belongsTo: parent }: Relations = {},
) => `import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { FormPage, type FormPageHeading } from '~/components/form-page'
import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { useSchemaForm } from '~/components/ui/form'
import { useSaveForm } from '~/lib/use-save-form'

import type { get${n.Name}ById } from '../${n.kebab}.functions'
import { type ${n.Name}Input, z${n.Name}Input } from '../schema'${
  parent ? `\nimport { ${parent.n.Name}Select } from './${parent.n.kebab}-choice'` : ''
}

export type ${n.Name}Detail = Awaited<ReturnType<typeof get${n.Name}ById>>

/**
 * Creates or updates a ${n.word}. The fields are checked here and again on the server, and a name
 * already taken shows as the name field's error.
 */
export function Form${n.Name}({
  heading,
  ${n.name},
  save,
  messages,
}: {
  heading: FormPageHeading
  /** The ${n.word} being edited; none when creating one. */
  ${n.name}?: ${n.Name}Detail
  save: (input: ${n.Name}Input) => Promise<{ id: string }>
  /** Keys of the \`${n.name}\` namespace for the submit button and the success and failure toasts. */
  messages: { submit: string; succeeded: string; failed: string }
}) {
  const { t } = useTranslation(['${n.name}', 'errors'])
  const navigate = useNavigate()
  const form = useSchemaForm({
    schema: z${n.Name}Input,
    defaultValues: {
      name: ${n.name}?.name ?? '',
      description: ${n.name}?.description ?? '',${parent ? `\n      ${parent.n.name}Id: ${n.name}?.${parent.n.name}.id ?? '',` : ''}
    },
    onSubmit: (values): void => mutation.mutate(values),
  })
  const leave = useLeaveConfirmation(form.changed)

  const mutation = useSaveForm({
    save,
    invalidates: ['${n.names}'],
    succeeded: t(messages.succeeded),
    failed: t(messages.failed),
    allowLeaving: leave.allowLeaving,
    onSaved: (id) => navigate({ to: '/manager/${n.kebabs}/$id', params: { id } }),
    setErrors: form.showServerErrors,
    errorsOf: (error) => ({ [error.field ?? 'form']: \`errors:\${error.code}\` }),
  })

  return (
    <FormPage
      form={form}
      heading={heading}
      submit={{ label: t(messages.submit), pending: mutation.isPending }}
    >
      <form.FormAlert />
      <form.AppField name="name">{(field) => <field.TextField label={t('fields.name')} required />}</form.AppField>
${
  parent
    ? `      <form.AppField name="${parent.n.name}Id">
        {() => <${parent.n.Name}Select initial={${n.name}?.${parent.n.name} ?? null} />}
      </form.AppField>
`
    : ''
}      <form.AppField name="description">
        {(field) => <field.TextareaField label={t('fields.description')} />}
      </form.AppField>
      {leave.dialog}
    </FormPage>
  )
}
`

export const pageNew = (n: EntityNames) => `import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { post${n.Name} } from '../${n.kebab}.functions'
import { Form${n.Name} } from './form-${n.kebab}'

export function Page${n.Name}New() {
  const { t } = useTranslation('${n.name}')
  const create = useServerFn(post${n.Name})
  return (
    <Form${n.Name}
      heading={{ parents: [{ to: '/manager/${n.kebabs}', label: t('list.title') }], title: t('form.newTitle') }}
      save={(${n.name}) => create({ data: ${n.name} })}
      messages={{ submit: 'form.create', succeeded: 'form.created', failed: 'form.createFailed' }}
    />
  )
}
`

export const pageUpdate = (n: EntityNames) => `import { useSuspenseQuery } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { put${n.Name} } from '../${n.kebab}.functions'
import { ${n.name}Query } from '../queries'
import { Form${n.Name} } from './form-${n.kebab}'

export function Page${n.Name}Update({ id }: { id: string }) {
  const { t } = useTranslation('${n.name}')
  const { data: ${n.name} } = useSuspenseQuery(${n.name}Query(id))
  const update = useServerFn(put${n.Name})
  return (
    <Form${n.Name}
      key={id}
      heading={{
        parents: [{ to: '/manager/${n.kebabs}', label: t('list.title') }],
        title: t('form.updateTitle', { name: ${n.name}.name }),
      }}
      ${n.name}={${n.name}}
      save={(values) => update({ data: { id, ${n.name}: values } })}
      messages={{ submit: 'form.update', succeeded: 'form.updated', failed: 'form.updateFailed' }}
    />
  )
}
`

export const deleteAction = (n: EntityNames) => `import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import type { ConfirmedActionProps } from '~/components/confirmed-action'

import { remove${n.Name} } from '../${n.kebab}.functions'

/**
 * Deleting a ${n.word} for good, once confirmed: what the confirmation asks and does. Once done,
 * the lists forget it, and \`leave\` (from its own page) returns to the list.
 */
export function useDelete${n.Name}({ id, name }: { id: string; name: string }, leave = false): ConfirmedActionProps {
  const { t } = useTranslation('${n.name}')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useServerFn(remove${n.Name})
  return {
    title: t('delete.title'),
    description: t('delete.description', { name }),
    confirmLabel: t('delete.confirm'),
    run: () => remove({ data: { id } }),
    succeeded: t('delete.done'),
    failed: t('delete.failed'),
    onSuccess: async () => {
      if (leave) await navigate({ to: '/manager/${n.kebabs}' })
      queryClient.removeQueries({ queryKey: ['${n.names}', 'detail', id] })
      await queryClient.invalidateQueries({ queryKey: ['${n.names}', 'list'] })
    },
  }
}
`

/** A row's menu in the manager's list. */
export const rowActions = (n: EntityNames) => `import { Eye, Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ActionsMenu } from '~/components/actions-menu'
import { ConfirmedActionDialog } from '~/components/confirmed-action'
import { hasPermission } from '~/features/auth/permissions'

import { useDelete${n.Name} } from './delete-${n.kebab}'

/**
 * A ${n.word}'s menu, as the viewer's role allows: on its row open, edit and delete; on its own page,
 * where Edit is a button, what remains.
 */
export function ${n.Name}Actions({
  ${n.name},
  role,
  onPage = false,
}: {
  ${n.name}: { id: string; name: string }
  role: string
  onPage?: boolean
}) {
  const { t } = useTranslation('${n.name}')
  const deletion = useDelete${n.Name}(${n.name}, onPage)
  const may = (action: 'update' | 'delete') => hasPermission(role, { ${n.name}: [action] })
  const params = { id: ${n.name}.id }
  return (
    <ActionsMenu
      label={t('common:list.actionsFor', { name: ${n.name}.name })}
      actions={[
        !onPage && { label: t('common:actions.open'), icon: Eye, link: { to: '/manager/${n.kebabs}/$id', params } },
        !onPage && may('update') && { label: t('detail.edit'), icon: Pencil, link: { to: '/manager/${n.kebabs}/$id/update', params } },
        may('delete') && {
          label: t('delete.action'),
          icon: Trash2,
          destructive: true,
          dialog: (state) => <ConfirmedActionDialog {...state} {...deletion} />,
        },
      ]}
    />
  )
}
`

/** The route files, by their path under src/routes/. */
export const routes = (
  n: EntityNames,
  { holds, belongsTo: parent }: Relations = {},
): Record<string, string> => {
  // What the entity holds: its list on both pages, loaded with the page.
  const held = holds && {
    ns: `, '${holds.n.name}'`,
    import: `import { ${linkNames(n, holds.n).held}, ${n.name}${holds.n.Names}Query } from '~/features/${n.kebab}/${holds.n.kebabs}'\n`,
    load: `context.queryClient.ensureInfiniteQueryData(${n.name}${holds.n.Names}Query(params.id)),`,
    list: (area: string, manage = '') => `<${linkNames(n, holds.n).held} id={id} area="${area}"${manage} />`,
  }
  return {
    [`manager/${n.kebabs}/index.tsx`]: `import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

${parent ? `import { ${parent.n.name}ChoicesQuery } from '~/features/${n.kebab}/manager/${parent.n.kebab}-choice'\n` : ''}import { PageManager${n.Names} } from '~/features/${n.kebab}/manager/page-${n.kebabs}'
import { ${n.names}Query } from '~/features/${n.kebab}/queries'
import { ${n.name}List } from '~/features/${n.kebab}/schema'
import { titled } from '~/lib/page-title'
import { listSearchDefaults, viewOf } from '~/lib/search-params'

export const Route = createFileRoute('/manager/${n.kebabs}/')({
  staticData: { namespaces: ['${n.name}'], skeleton: 'list' },
  head: titled('${n.name}:list.title'),
  validateSearch: ${n.name}List.address,
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  // A search, sort or filter chosen on the page ('stay') skips the loader, so the page and its
  // search box stay as they are.${
    parent
      ? ` The loader also fetches the ${parent.n.words} the filter lists.
  loader: ({ context, location, cause }) =>
    cause === 'stay'
      ? undefined
      : Promise.all([
          context.queryClient.ensureInfiniteQueryData(${n.names}Query(viewOf(${n.name}List.address, location))),
          context.queryClient.ensureQueryData(${parent.n.name}ChoicesQuery('')),
        ]),`
      : `
  loader: ({ context, location, cause }) =>
    cause === 'stay'
      ? undefined
      : context.queryClient.ensureInfiniteQueryData(${n.names}Query(viewOf(${n.name}List.address, location))),`
  }
  component: PageManager${n.Names},
})
`,
    [`manager/${n.kebabs}/new.tsx`]: `import { createFileRoute } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { Page${n.Name}New } from '~/features/${n.kebab}/manager/page-${n.kebab}-new'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/${n.kebabs}/new')({
  staticData: { namespaces: ['${n.name}'] },
  head: titled('${n.name}:form.newTitle'),
  beforeLoad: guardPage({ ${n.name}: ['create'] }),
  component: Page${n.Name}New,
})
`,
    [`manager/${n.kebabs}/$id/index.tsx`]: `import { createFileRoute, Link } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageNotFound } from '~/components/route-error'
import { buttonClass } from '~/components/ui/button'
import { hasPermission } from '~/features/auth/permissions'
import { ItemHistory } from '~/features/activity/activity-entry'
import { historyQuery } from '~/features/activity/queries'
${held?.import ?? ''}import { ${n.Name}Actions } from '~/features/${n.kebab}/manager/${n.kebab}-actions'
import { Page${n.Name} } from '~/features/${n.kebab}/page-${n.kebab}'
import { load${n.Name}OrNotFound } from '~/features/${n.kebab}/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/${n.kebabs}/$id/')({
  staticData: { namespaces: ['${n.name}'${held?.ns ?? ''}, 'activity'], skeleton: 'detail' },
  head: titled((${n.name}: { name: string }) => ${n.name}.name),
  notFoundComponent: PageNotFound,
  loader: async ({ context, params }) => {
    const [${n.name}] = await Promise.all([
      load${n.Name}OrNotFound(context.queryClient, params.id),
      ${held?.load ?? ''}
      hasPermission(context.session.user.role, { activity: ['read'] }) &&
        context.queryClient.ensureQueryData(historyQuery('${n.table}', params.id)),
    ])
    return ${n.name}
  },
  component: function RouteComponent() {
    const { id } = Route.useParams()
    const { session } = Route.useRouteContext()
    const { t } = useTranslation('${n.name}')
    const may = (action: 'update' | 'delete') => hasPermission(session.user.role, { ${n.name}: [action] })
    return (
      <Page${n.Name}
        id={id}
        backTo="/manager/${n.kebabs}"
        actions={(${n.name}) => (
          <>
            {may('update') && (
              <Link to="/manager/${n.kebabs}/$id/update" params={{ id }} className={buttonClass('primary')}>
                <Pencil aria-hidden="true" />
                {t('detail.edit')}
              </Link>
            )}
            {may('delete') && <${n.Name}Actions ${n.name}={${n.name}} role={session.user.role} onPage />}
          </>
        )}
      >
        ${held?.list('manager', " manage={may('update')}") ?? ''}
        {hasPermission(session.user.role, { activity: ['read'] }) && <ItemHistory entity="${n.table}" id={id} />}
      </Page${n.Name}>
    )
  },
})
`,
    [`manager/${n.kebabs}/$id/update.tsx`]: `import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { guardPage } from '~/features/auth/guards'
import { Page${n.Name}Update } from '~/features/${n.kebab}/manager/page-${n.kebab}-update'
import { load${n.Name}OrNotFound } from '~/features/${n.kebab}/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/${n.kebabs}/$id/update')({
  staticData: { namespaces: ['${n.name}'] },
  head: titled((${n.name}: { name: string }) => ${n.name}.name),
  beforeLoad: guardPage({ ${n.name}: ['update'] }),
  notFoundComponent: PageNotFound,
  loader: ({ context, params }) => load${n.Name}OrNotFound(context.queryClient, params.id),
  component: function RouteComponent() {
    return <Page${n.Name}Update id={Route.useParams().id} />
  },
})
`,
    [`app/${n.kebabs}/index.tsx`]: `import { createFileRoute } from '@tanstack/react-router'

import { Page${n.Names} } from '~/features/${n.kebab}/app/page-${n.kebabs}'
import { ${n.names}Query } from '~/features/${n.kebab}/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/${n.kebabs}/')({
  staticData: { namespaces: ['${n.name}'], skeleton: 'list' },
  head: titled('${n.name}:list.title'),
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(${n.names}Query({ searchTerm: '' })),
  component: Page${n.Names},
})
`,
    [`app/${n.kebabs}/$id/index.tsx`]: `import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
${held?.import ?? ''}import { Page${n.Name} } from '~/features/${n.kebab}/page-${n.kebab}'
import { load${n.Name}OrNotFound } from '~/features/${n.kebab}/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/${n.kebabs}/$id/')({
  staticData: { namespaces: ['${n.name}'${held?.ns ?? ''}], skeleton: 'detail' },
  head: titled((${n.name}: { name: string }) => ${n.name}.name),
  notFoundComponent: PageNotFound,
  loader: ${
    held
      ? `async ({ context, params }) => {
    const [${n.name}] = await Promise.all([
      load${n.Name}OrNotFound(context.queryClient, params.id),
      ${held.load}
    ])
    return ${n.name}
  }`
      : `({ context, params }) => load${n.Name}OrNotFound(context.queryClient, params.id)`
  },
  component: function RouteComponent() {
    const { id } = Route.useParams()
    return ${
      held
        ? `(
      <Page${n.Name} id={id} backTo="/app/${n.kebabs}">
        ${held.list('app')}
      </Page${n.Name}>
    )`
        : `<Page${n.Name} id={id} backTo="/app/${n.kebabs}" />`
    }
  },
})
`,
  }
}

export const serverTest = (
  n: EntityNames,
  { belongsTo: parent }: Relations = {},
  parentRequired: RequiredColumn[] = [],
) => {
  const p = parent?.n
  return `${p ? "import { sql } from 'drizzle-orm'\n" : ''}import { ${p ? 'beforeAll, ' : ''}describe, expect, it } from 'vitest'
import { z } from 'zod/mini'

import { HttpError } from '~/lib/http-error'${p ? "\nimport { db } from '~/server/database'\nimport { schema } from '~/server/db'" : ''}
import { everyPage } from '~/test/pages'

import { create${n.Name}, delete${n.Name}, get${n.Name}, list${n.Names}, update${n.Name} } from './${n.kebab}.server'
import { ${n.name}Limits, z${n.Name}Input } from './schema'

const marker = () => \`zq\${crypto.randomUUID().slice(0, 8)}\`

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof HttpError ? { status: error.status, code: error.code, field: error.field } : error,
  )
${
  p
    ? `
/** A ${p.word} of this test file's own, as its table requires. */
async function make${p.Name}() {
  const [tag, index] = [marker(), 0]
  const [made] = await (await db())
    .insert(schema.${p.name})
    .values({ ${rowValues(parentRequired)} })
    .returning({ id: schema.${p.name}.id })
  return made!.id
}

let ${p.name}Id = ''
beforeAll(async () => {
  ${p.name}Id = await make${p.Name}()
})
`
    : ''
}
/** A ${n.word}'s values${p ? `, in this file's ${p.word}` : ''}. */
const values = (name: string, description: string | null = null) => ({ name, description${p ? `, ${p.name}Id` : ''} })

describe('${n.words}', () => {
  it('pages through a search, showing every ${n.word} exactly once', async () => {
    const tag = marker()
    const created = await Promise.all(
      Array.from({ length: 7 }, (_, index) => create${n.Name}(values(\`\${tag} \${index}\`))),
    )
    const pages = await everyPage((cursor) => list${n.Names}({ searchTerm: tag.toUpperCase(), cursor }, 3))
    expect(pages).toHaveLength(3)
    for (const page of pages) expect(page.total).toBe(7)
    const seen = pages.flatMap((page) => page.items.map((item) => item.id))
    expect(new Set(seen)).toEqual(new Set(created.map((${n.name}) => ${n.name}.id)))
    expect(seen).toHaveLength(7)
  })

  it('searches LIKE wildcards literally', async () => {
    const tag = marker()
    await create${n.Name}(values(\`\${tag} 100%\`))
    await create${n.Name}(values(\`\${tag} 1000\`))
    const found = await list${n.Names}({ searchTerm: \`\${tag} 100%\` })
    expect(found.items.map((item) => item.name)).toEqual([\`\${tag} 100%\`])
  })

  it('refuses a second ${n.word} with the same name, trimmed and in any case, as a conflict on the name', async () => {
    const name = \`Name \${marker()}\`
    await create${n.Name}(values(name))
    expect(await refusal(create${n.Name}(values(\`  \${name.toUpperCase()} \`)))).toEqual({
      status: 409,
      code: '${n.name}.nameTaken',
      field: 'name',
    })
  })

  it('sorts by name or by when added, either way', async () => {
    const tag = marker()
    for (const letter of ['b', 'a', 'c']) {
      await create${n.Name}(values(\`\${tag} \${letter}\`))
      // Added at distinct milliseconds, so the order by date is the order of creation.
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const letters = async (view: Partial<Parameters<typeof list${n.Names}>[0]>) =>
      (await list${n.Names}({ searchTerm: tag, ...view })).items.map((item) => item.name.slice(-1))
    expect(await letters({})).toEqual(['a', 'b', 'c'])
    expect(await letters({ sort: 'name', desc: true })).toEqual(['c', 'b', 'a'])
    expect(await letters({ sort: 'createdAt', desc: true })).toEqual(['c', 'a', 'b'])
  })

  it('updates and deletes a ${n.word}; an unknown one is not found', async () => {
    const { id } = await create${n.Name}(values(\`Old \${marker()}\`))
    const name = \`New \${marker()}\`
    await update${n.Name}(id, values(name, 'Described'))
    expect(await get${n.Name}(id)).toMatchObject({ name, description: 'Described' })
    await delete${n.Name}(id)
    const notFound = { status: 404, code: '${n.name}.notFound', field: undefined }
    expect(await refusal(get${n.Name}(id))).toEqual(notFound)
    expect(await refusal(delete${n.Name}(id))).toEqual(notFound)
    expect(await refusal(update${n.Name}(id, values(name)))).toEqual(notFound)
  })
${
  p
    ? `
  it('keeps the ${n.words} of one ${p.word}, counting only those, and refuses an unknown ${p.word}', async () => {
    const tag = marker()
    const other = await make${p.Name}()
    const mine = await create${n.Name}({ ...values(\`\${tag} a\`), ${p.name}Id: other })
    await create${n.Name}(values(\`\${tag} b\`))
    const kept = await list${n.Names}({ searchTerm: tag, ${p.name}: other })
    expect(kept.items.map((item) => item.id)).toEqual([mine.id])
    expect(kept.total).toBe(1)
    expect(kept.items[0]?.${p.name}.id).toBe(other)
    expect(await refusal(create${n.Name}({ ...values(\`\${tag} c\`), ${p.name}Id: 'unknown' }))).toEqual({
      status: 422,
      code: '${p.name}.notFound',
      field: '${p.name}Id',
    })
  })

  it('goes with its ${p.word}', async () => {
    const other = await make${p.Name}()
    const { id } = await create${n.Name}({ ...values(\`Gone \${marker()}\`), ${p.name}Id: other })
    await (await db()).delete(schema.${p.name}).where(sql\`\${schema.${p.name}.id} = \${other}\`)
    expect(await refusal(get${n.Name}(id))).toMatchObject({ status: 404 })
  })
`
    : ''
}
  it('states its limits, checked by the schema the form and the server share', () => {
    for (const field of ['name', 'description'] as const) {
      const max = ${n.name}Limits[field]
      const input = (length: number) => ({ ...values('N', ''), [field]: 'x'.repeat(length) })
      expect(z.safeParse(z${n.Name}Input, input(max)).success).toBe(true)
      expect(z.safeParse(z${n.Name}Input, input(max + 1)).error?.issues[0]).toMatchObject({
        path: [field],
        message: 'common:validation.tooLong',
      })
    }
    expect(z.safeParse(z${n.Name}Input, values('  ', '')).error?.issues[0]?.message).toBe(
      '${n.name}:validation.nameRequired',
    )${
      p
        ? `
    expect(z.safeParse(z${n.Name}Input, { ...values('N'), ${p.name}Id: ' ' }).error?.issues[0]?.message).toBe(
      '${n.name}:validation.${p.name}Required',
    )`
        : ''
    }
  })
})
`
}

export const e2eSpec = (n: EntityNames, { holds, belongsTo: parent }: Relations = {}) => {
  const Parent = parent?.word.en
  return `import { expect, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'

import { chooseOnPage, waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

test.describe('${n.words} in the manager, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('creates, finds, edits and deletes a ${n.word}, and the app shows it read only', async ({ page }) => {
    const name = \`${upper(n.word)} \${crypto.randomUUID().slice(0, 8)}\`
    await page.goto('/manager/${n.kebabs}')
    await expect(page.getByRole('heading', { name: '${upper(n.words)}', level: 1 })).toBeVisible()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'New ${n.word}' }).first().click()

    // A name is required: the form says so and nothing is sent.
    await page.getByRole('button', { name: 'Create ${n.word}' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()${
      parent
        ? `
    await expect(page.getByText('${Parent} is required')).toBeVisible()
    // The ${parent.n.word} is found by typing, or picked from the first ones.
    await page.getByRole('combobox', { name: '${Parent}' }).click()
    const ${parent.n.name} = (await page.getByRole('option').first().textContent()) ?? ''
    await page.getByRole('option').first().click()`
        : ''
    }
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Description').fill('First line')
    await page.getByRole('button', { name: 'Create ${n.word}' }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    const detail = page.url()${
      parent
        ? `
    await expect(page.getByRole('main').getByRole('link', { name: ${parent.n.name}, exact: true })).toBeVisible()`
        : ''
    }

    await page.goto('/manager/${n.kebabs}')
    await page.getByLabel('Search ${n.words}').fill(name)
    await expect(page).toHaveURL(/searchTerm=/)
    await expect(page.getByRole('main').getByRole('table').getByRole('link')).toHaveCount(1)${
      parent
        ? `
    // The filter keeps the ${n.words} of one ${parent.n.word}: its own, then another's, which has none by this name.
    await page.getByLabel('${Parent}', { exact: true }).selectOption({ label: ${parent.n.name} })
    await expect(page).toHaveURL(/${parent.n.name}=/)
    await expect(page.getByRole('main').getByRole('table').getByRole('link')).toHaveCount(1)
    await page.getByLabel('${Parent}', { exact: true }).selectOption({ index: 2 })
    await expect(page.getByText('No ${n.word} matches this search')).toBeVisible()
    await page.getByLabel('${Parent}', { exact: true }).selectOption({ index: 0 })
    await expect(page).not.toHaveURL(/${parent.n.name}=/)`
        : ''
    }
    // Each row has a menu of what may be done with it.
    await page.getByRole('button', { name: \`Actions for \${isolate(name)}\`, exact: true }).click()
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Open', 'Edit', 'Delete'])
    await page.keyboard.press('Escape')

    await page.goto(\`\${new URL(detail).pathname.replace('/manager/', '/app/')}\`)
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page.getByText('First line')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)

    await page.goto(detail)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Edit' }).click()
    const renamed = \`\${name} (renamed)\`
    await page.getByLabel('Name').fill(renamed)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible()
    // Recorded without code of its own: the page's history, as the server has it, shows the change.
    await page.reload()
    await expect(page.getByRole('region', { name: 'History' })).toContainText(\`Name: \${name}\`)

    await chooseOnPage(page, 'Delete')
    const dialog = page.getByRole('dialog', { name: 'Delete this ${n.word}?' })
    await expect(dialog.getByText(\`“\${isolate(renamed)}” will be deleted for good.\`)).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\\/manager\\/${n.kebabs}$/)
    expect((await page.goto(detail))?.status()).toBe(404)
  })
${holds ? joinE2e(n, holds) : ''}})

test.describe('${n.words}, as a user', () => {
  test.use({ storageState: storageStateOf('user') })

  test('reads the list in the app, and cannot reach the manager', async ({ page }) => {
    await page.goto('/app/${n.kebabs}')
    await expect(page.getByRole('heading', { name: '${upper(n.words)}', level: 1 })).toBeVisible()
    expect((await page.goto('/manager/${n.kebabs}/new'))?.status()).toBe(403)
  })
})
`
}

type Texts = { [key: string]: string | Texts }

/**
 * The entity's texts in each language, each language's sentences built around its own word for the
 * entity (`labels`), in lower case inside a sentence and capitalised in a title.
 */
export function texts(
  n: EntityNames,
  labels: Record<LabelLanguage, Label>,
  { holds, belongsTo: parent }: Relations = {},
): Record<'en' | 'fr' | 'ar' | 'sw', { ns: Texts; nav: string; errors: Texts; activity: Texts }> {
  const all = baseTexts(n, labels)
  if (parent) {
    // What it belongs to, by that entity's own word in each language.
    const required = {
      en: `${parent.word.en} is required`,
      fr: 'Ce champ est requis',
      ar: 'هذا الحقل مطلوب',
      sw: 'Sehemu hii inahitajika',
    }
    const every = {
      en: `All ${parent.words.en.toLocaleLowerCase('en')}`,
      fr: 'Tout afficher',
      ar: 'عرض الكل',
      sw: 'Onyesha zote',
    }
    for (const lng of ['en', 'fr', 'ar', 'sw'] as const) {
      const ns = all[lng].ns as { fields: Texts; validation: Texts; list: Texts }
      ns.fields[parent.n.name] = parent.word[lng]
      ns.validation[`${parent.n.name}Required`] = required[lng]
      ns.list[`all${parent.n.Names}`] = every[lng]
      all[lng].activity.fields = { [`${parent.n.name}Id`]: parent.word[lng] }
    }
  }
  if (!holds) return all
  // What it holds, named by that entity's own plural in each language.
  const other = (lng: 'en' | 'fr' | 'ar' | 'sw') => holds.words[lng].toLocaleLowerCase(lng)
  const held: Record<'en' | 'fr' | 'ar' | 'sw', { ns: Texts; errors: Texts }> = {
    en: {
      ns: {
        add: `Add ${other('en')}`,
        added: 'Added',
        addFailed: 'Failed to add',
        remove: 'Remove “{{name}}”',
        removed: 'Removed',
        removeFailed: 'Failed to remove',
      },
      errors: { already: `Already in this ${n.word}`, none: `Not in this ${n.word}` },
    },
    fr: {
      ns: {
        add: `Ajouter : ${other('fr')}`,
        added: 'Ajouté',
        addFailed: 'Échec de l’ajout',
        remove: 'Retirer «\u00a0{{name}}\u00a0»',
        removed: 'Retiré',
        removeFailed: 'Échec du retrait',
      },
      errors: { already: 'Déjà ajouté', none: 'Absent de la liste' },
    },
    ar: {
      ns: {
        add: `إضافة ${other('ar')}`,
        added: 'تمت الإضافة',
        addFailed: 'تعذّرت الإضافة',
        remove: 'إزالة «{{name}}»',
        removed: 'تمت الإزالة',
        removeFailed: 'تعذّرت الإزالة',
      },
      errors: { already: 'مضاف بالفعل', none: 'غير موجود في القائمة' },
    },
    sw: {
      ns: {
        add: `Ongeza ${other('sw')}`,
        added: 'Imeongezwa',
        addFailed: 'Imeshindikana kuongeza',
        remove: 'Ondoa “{{name}}”',
        removed: 'Imeondolewa',
        removeFailed: 'Imeshindikana kuondoa',
      },
      errors: { already: 'Tayari kimeongezwa', none: 'Hakipo kwenye orodha' },
    },
  }
  for (const lng of ['en', 'fr', 'ar', 'sw'] as const) {
    all[lng].ns[holds.n.names] = held[lng].ns
    all[lng].errors[`${holds.n.name}AlreadyIn`] = held[lng].errors.already!
    all[lng].errors[`${holds.n.name}NotIn`] = held[lng].errors.none!
  }
  return all
}

function baseTexts(
  n: EntityNames,
  labels: Record<LabelLanguage, Label>,
): Record<'en' | 'fr' | 'ar' | 'sw', { ns: Texts; nav: string; errors: Texts; activity: Texts }> {
  const all = sentences(n, labels)
  // The activity log names the entity's rows by its word.
  const word = {
    en: upper(n.word),
    fr: upper(labels.fr.word),
    ar: upper(labels.ar.word),
    sw: upper(labels.sw.word),
  }
  return {
    en: { ...all.en, activity: { entities: { [n.table]: word.en } } },
    fr: { ...all.fr, activity: { entities: { [n.table]: word.fr } } },
    ar: { ...all.ar, activity: { entities: { [n.table]: word.ar } } },
    sw: { ...all.sw, activity: { entities: { [n.table]: word.sw } } },
  }
}

function sentences(
  n: EntityNames,
  labels: Record<LabelLanguage, Label>,
): Record<'en' | 'fr' | 'ar' | 'sw', { ns: Texts; nav: string; errors: Texts }> {
  const { word, words } = n
  const inSentence = (lng: LabelLanguage) => ({
    word: labels[lng].word.toLocaleLowerCase(lng),
    words: labels[lng].words.toLocaleLowerCase(lng),
    Word: upper(labels[lng].word),
    Words: upper(labels[lng].words),
  })
  const fr = inSentence('fr')
  const ar = inSentence('ar')
  const sw = inSentence('sw')
  return {
    en: {
      ns: {
        validation: { nameRequired: 'Name is required' },
        list: {
          title: upper(words),
          empty: `No ${words} yet`,
          search: `Search ${words}`,
          searchPlaceholder: 'Search by name',
          noResults: `No ${word} matches this search`,
          new: `New ${word}`,
        },
        fields: {
          name: 'Name',
          description: 'Description',
          noDescription: 'No description',
          createdAt: 'Added',
        },
        detail: { edit: 'Edit' },
        form: {
          newTitle: `New ${word}`,
          updateTitle: 'Edit “{{name}}”',
          create: `Create ${word}`,
          update: 'Save changes',
          created: `${upper(word)} created`,
          updated: `${upper(word)} updated`,
          createFailed: `Failed to create a ${word}`,
          updateFailed: `Failed to update the ${word}`,
        },
        delete: {
          action: 'Delete',
          title: `Delete this ${word}?`,
          description: '“{{name}}” will be deleted for good. This cannot be undone.',
          confirm: 'Delete',
          done: `${upper(word)} deleted`,
          failed: `Failed to delete the ${word}`,
        },
      },
      nav: upper(words),
      errors: { nameTaken: 'Name already used', notFound: `${upper(word)} not found` },
    },
    fr: {
      ns: {
        validation: { nameRequired: 'Le nom est requis' },
        list: {
          title: fr.Words,
          empty: 'Aucun élément pour l’instant',
          search: `Rechercher : ${fr.words}`,
          searchPlaceholder: 'Rechercher par nom',
          noResults: 'Aucun élément ne correspond à cette recherche',
          new: `Nouveau : ${fr.word}`,
        },
        fields: {
          name: 'Nom',
          description: 'Descriptif',
          noDescription: 'Aucun descriptif',
          createdAt: 'Ajouté le',
        },
        detail: { edit: 'Modifier' },
        form: {
          newTitle: `Nouveau : ${fr.word}`,
          updateTitle: 'Modifier «\u00a0{{name}}\u00a0»',
          create: 'Créer',
          update: 'Enregistrer',
          created: 'Élément créé',
          updated: 'Élément mis à jour',
          createFailed: 'Échec de la création',
          updateFailed: 'Échec de la mise à jour',
        },
        delete: {
          action: 'Supprimer',
          title: 'Supprimer cet élément ?',
          description: '«\u00a0{{name}}\u00a0» sera supprimé définitivement. Cette action est irréversible.',
          confirm: 'Supprimer',
          done: 'Élément supprimé',
          failed: 'Échec de la suppression',
        },
      },
      nav: fr.Words,
      errors: { nameTaken: 'Nom déjà utilisé', notFound: 'Élément introuvable' },
    },
    ar: {
      ns: {
        validation: { nameRequired: 'الاسم مطلوب' },
        list: {
          title: ar.Words,
          empty: 'لا توجد عناصر بعد',
          search: `بحث في ${ar.words}`,
          searchPlaceholder: 'ابحث بالاسم',
          noResults: 'لا يوجد عنصر يطابق هذا البحث',
          new: `إضافة ${ar.word}`,
        },
        fields: { name: 'الاسم', description: 'الوصف', noDescription: 'لا يوجد وصف', createdAt: 'أُضيف في' },
        detail: { edit: 'تعديل' },
        form: {
          newTitle: `إضافة ${ar.word}`,
          updateTitle: 'تعديل «{{name}}»',
          create: 'إنشاء',
          update: 'حفظ التغييرات',
          created: 'تم إنشاء العنصر',
          updated: 'تم تحديث العنصر',
          createFailed: 'تعذّر إنشاء العنصر',
          updateFailed: 'تعذّر تحديث العنصر',
        },
        delete: {
          action: 'حذف',
          title: 'حذف هذا العنصر؟',
          description: 'سيُحذف «{{name}}» نهائيًا. لا يمكن التراجع عن ذلك.',
          confirm: 'حذف',
          done: 'تم حذف العنصر',
          failed: 'تعذّر حذف العنصر',
        },
      },
      nav: ar.Words,
      errors: { nameTaken: 'الاسم مستخدم بالفعل', notFound: 'العنصر غير موجود' },
    },
    sw: {
      ns: {
        validation: { nameRequired: 'Jina linahitajika' },
        list: {
          title: sw.Words,
          empty: 'Bado hakuna vipengee',
          search: `Tafuta ${sw.words}`,
          searchPlaceholder: 'Tafuta kwa jina',
          noResults: 'Hakuna kipengee kinacholingana na utafutaji huu',
          new: `${sw.Word} mpya`,
        },
        fields: {
          name: 'Jina',
          description: 'Maelezo',
          noDescription: 'Hakuna maelezo',
          createdAt: 'Imeongezwa',
        },
        detail: { edit: 'Hariri' },
        form: {
          newTitle: `${sw.Word} mpya`,
          updateTitle: 'Hariri “{{name}}”',
          create: 'Unda',
          update: 'Hifadhi mabadiliko',
          created: 'Kipengee kimeundwa',
          updated: 'Kipengee kimesasishwa',
          createFailed: 'Imeshindikana kuunda kipengee',
          updateFailed: 'Imeshindikana kusasisha kipengee',
        },
        delete: {
          action: 'Futa',
          title: 'Futa kipengee hiki?',
          description: '“{{name}}” kitafutwa kabisa. Hatua hii haiwezi kutenduliwa.',
          confirm: 'Futa',
          done: 'Kipengee kimefutwa',
          failed: 'Imeshindikana kufuta kipengee',
        },
      },
      nav: sw.Words,
      errors: { nameTaken: 'Jina tayari limetumika', notFound: 'Kipengee hakikupatikana' },
    },
  }
}

/** The keys of `ns` (nested objects) to their texts, as `ns:a.b`. */
const flatTexts = (ns: string, tree: Texts, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${ns}:${prefix}${key}`, value] as [string, string]]
      : flatTexts(ns, value, `${prefix}${key}.`),
  )

/**
 * The entity's `same-as-english.ts`, listing the texts that read as in English (where no `--label`
 * gave a language's word, or where the word is the same), or nothing when there are none.
 */
export function sameAsEnglish(n: EntityNames, all: ReturnType<typeof texts>): string | undefined {
  const entries = (lng: 'en' | LabelLanguage): Array<[string, string]> => [
    ...flatTexts(n.name, all[lng].ns),
    [`areas:nav.${n.names}`, all[lng].nav],
    ...flatTexts('activity', all[lng].activity),
  ]
  const english = new Map(entries('en'))
  const same = Object.fromEntries(
    labelLanguages.map((lng) => [
      lng,
      entries(lng)
        .filter(([key, text]) => english.get(key) === text)
        .map(([key]) => key),
    ]),
  )
  const lines = Object.entries(same)
    .filter(([, keys]) => keys.length > 0)
    .map(([lng, keys]) => `  ${lng}: [${keys.map((key) => `'${key}'`).join(', ')}],`)
  if (lines.length === 0) return undefined
  return `import type { SameAsEnglish } from '~/lib/same-as-english'

/** This entity's texts that read as in English: a word the language shares, or one not translated yet. */
export const sameAsEnglish: SameAsEnglish = {
${lines.join('\n')}
}
`
}
