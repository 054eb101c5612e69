import { useSuspenseQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { cardClass } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { cn } from '~/lib/cn'

import type { ApiField, ApiOperation, ApiReference, ApiSchema } from './api-reference'
import { apiReferenceQuery } from './queries'

const methodColours: Record<string, string> = {
  GET: 'bg-primary-soft text-primary-soft-foreground',
  POST: 'bg-success-soft text-success-soft-foreground',
}
const muted = 'text-muted-foreground'
const card = cardClass
const anchorOf = (kind: 'group' | 'model', name: string) =>
  `${kind}-${name.replace(/\W+/g, '-').toLowerCase()}`

/** A schema's type; a model's name links to its description below. */
function TypeOf({ schema }: { schema: ApiSchema }) {
  const model = schema.model ?? schema.items?.model
  return (
    <code className={cn('text-xs', muted)} dir="ltr">
      {model ? (
        <a className="underline" href={`#${anchorOf('model', model)}`}>
          {schema.type}
        </a>
      ) : (
        schema.type
      )}
    </code>
  )
}

/** An object's fields with name, type, whether required and description; nested ones indented. */
function Fields({ fields }: { fields: ApiField[] }) {
  const { t } = useTranslation('common')
  return (
    <ul className="flex flex-col gap-2">
      {fields.map(({ name, required, schema }) => {
        const nested = schema.fields ?? schema.items?.fields
        return (
          <li key={name} className="flex flex-col gap-0.5">
            <span className="flex flex-wrap items-baseline gap-2">
              <code className="text-sm font-semibold" dir="ltr">
                {name}
              </code>
              <TypeOf schema={schema} />
              {required && (
                <span className="text-xs font-medium text-destructive-text">
                  {t('areas:apiDocs.required')}
                </span>
              )}
            </span>
            {schema.description && (
              <p lang="en" className={cn('text-sm', muted)}>
                {schema.description}
              </p>
            )}
            {schema.values && (
              <p className={cn('text-xs', muted)}>
                {t('areas:apiDocs.oneOf')} <code dir="ltr">{schema.values.join(' | ')}</code>
              </p>
            )}
            {nested && (
              <div className="border-s border-border ps-3">
                <Fields fields={nested} />
              </div>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function SchemaBlock({ title, schema }: { title: string; schema: ApiSchema }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">
        {title} <TypeOf schema={schema} />
      </h4>
      {schema.fields && <Fields fields={schema.fields} />}
    </div>
  )
}

function Operation({
  operation,
  statusDescriptions,
}: {
  operation: ApiOperation
  statusDescriptions: Record<string, string>
}) {
  const { t } = useTranslation('common')
  return (
    <details id={operation.id} className={cn(card, 'group')}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg p-3">
        <span
          className={cn(
            'rounded px-2 py-0.5 text-xs font-bold',
            methodColours[operation.method] ?? 'bg-muted',
          )}
        >
          {operation.method}
        </span>
        <code className="font-semibold break-all" dir="ltr">
          {operation.path}
        </code>
        {operation.description && (
          <span lang="en" className={cn('basis-full text-sm', muted)}>
            {operation.description}
          </span>
        )}
      </summary>
      <div className="flex flex-col gap-4 border-t border-border p-3">
        {operation.parameters.length > 0 && (
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold">{t('areas:apiDocs.parameters')}</h4>
            <Fields
              fields={operation.parameters.map((parameter) => ({
                ...parameter,
                name: `${parameter.name} (${parameter.in})`,
              }))}
            />
          </div>
        )}
        {operation.body && <SchemaBlock title={t('areas:apiDocs.body')} schema={operation.body} />}
        {operation.result && <SchemaBlock title={t('areas:apiDocs.result')} schema={operation.result} />}
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">{t('areas:apiDocs.statuses')}</h4>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {operation.statuses.map(({ status, description }) => (
              <div key={status} className="contents">
                <dt>
                  <code dir="ltr">{status}</code>
                </dt>
                <dd lang="en" className={muted}>
                  {description ?? statusDescriptions[status]}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </details>
  )
}

function matches(operation: ApiOperation, term: string) {
  return [operation.path, operation.method, operation.description ?? ''].some((text) =>
    text.toLowerCase().includes(term),
  )
}

function filterGroups(reference: ApiReference, term: string) {
  const search = term.trim().toLowerCase()
  return reference.groups
    .map((group) => ({
      ...group,
      operations: group.operations.filter((operation) => matches(operation, search)),
    }))
    .filter((group) => group.operations.length > 0)
}

/** The manager's API documentation for /api/auth, from better-auth's schema; its code loads only here. */
export function PageApiDocs() {
  const { t } = useTranslation('common')
  const { data: reference } = useSuspenseQuery(apiReferenceQuery)
  const [term, setTerm] = useState('')
  const groups = filterGroups(reference, useDeferredValue(term))
  const count = groups.reduce((total, group) => total + group.operations.length, 0)

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('areas:nav.apiDocs')}</h1>
        <p className={muted}>
          {t('areas:apiDocs.intro', { title: reference.title, version: reference.version })}{' '}
          <code dir="ltr" className="break-all">
            {reference.baseUrl}
          </code>
        </p>
        <p className={cn('text-sm', muted)}>{t('areas:apiDocs.errors')}</p>
      </header>
      <nav aria-label={t('areas:apiDocs.contents')}>
        <ul className="flex flex-wrap gap-2">
          {[
            // The sections that match the filter.
            ...groups.map((group) => ({ name: group.name, href: anchorOf('group', group.name) })),
            { name: t('areas:apiDocs.models'), href: 'models' },
          ].map((entry) => (
            <li key={entry.href}>
              <a href={`#${entry.href}`} className={cn(card, 'block px-3 py-1 text-sm hover:bg-muted')}>
                {entry.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Field
        label={t('areas:apiDocs.filter')}
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        hint={t('areas:apiDocs.count', { count })}
      />
      {groups.map((group) => (
        <section
          key={group.name}
          aria-labelledby={anchorOf('group', group.name)}
          className="flex flex-col gap-3"
        >
          <h2 id={anchorOf('group', group.name)} lang="en" className="text-lg font-semibold">
            {group.name}
          </h2>
          {group.description && (
            <p lang="en" className={cn('text-sm', muted)}>
              {group.description}
            </p>
          )}
          {group.operations.map((operation) => (
            <Operation
              key={`${operation.method} ${operation.path}`}
              operation={operation}
              statusDescriptions={reference.statusDescriptions}
            />
          ))}
        </section>
      ))}
      <section aria-labelledby="models" className="flex flex-col gap-3">
        <h2 id="models" className="text-lg font-semibold">
          {t('areas:apiDocs.models')}
        </h2>
        {reference.models.map((model) => (
          <details key={model.name} id={anchorOf('model', model.name)} className={card}>
            <summary className="cursor-pointer rounded-lg p-3 font-semibold" lang="en">
              {model.name}
            </summary>
            <div className="border-t border-border p-3">
              {model.schema.fields && <Fields fields={model.schema.fields} />}
            </div>
          </details>
        ))}
      </section>
    </div>
  )
}
