/**
 * The API documentation page's trimmed copy of better-auth's OpenAPI document. Dropping the error
 * responses repeated on every operation cuts it to about a tenth.
 */

/** The part of an OpenAPI 3 schema object the page shows. */
export interface SchemaLike {
  type?: string | readonly string[]
  format?: string
  description?: string
  enum?: readonly unknown[]
  $ref?: string
  items?: SchemaLike
  properties?: Record<string, SchemaLike>
  required?: readonly string[]
}

type Content = Record<string, { schema?: SchemaLike } | undefined>

interface OpenApiOperation {
  tags?: string[]
  description?: string
  operationId?: string
  parameters?: { name?: string; in: string; required?: boolean; schema?: SchemaLike; description?: string }[]
  requestBody?: { content?: Content }
  responses?: Record<string, { description?: string; content?: Content }>
}

/** The part of better-auth's generated OpenAPI document the page reads. */
export interface OpenApiDocument {
  info: { title: string; version: string }
  servers?: { url: string }[]
  tags?: { name: string; description?: string }[]
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>>>
  components?: { schemas?: Record<string, SchemaLike> }
}

export interface ApiField {
  name: string
  required: boolean
  schema: ApiSchema
}

export interface ApiSchema {
  type: string
  description?: string
  values?: string[]
  /** The name of a model documented below, when the schema refers to one. */
  model?: string
  items?: ApiSchema
  fields?: ApiField[]
}

export interface ApiOperation {
  id: string
  method: string
  path: string
  description?: string
  parameters: (ApiField & { in: string })[]
  body?: ApiSchema
  result?: ApiSchema
  /** Every status the operation may answer; meanings are in `statusDescriptions` unless given here. */
  statuses: { status: string; description?: string }[]
}

export interface ApiReference {
  title: string
  version: string
  baseUrl: string
  /** What each status means, stated once for the whole API. */
  statusDescriptions: Record<string, string>
  groups: { name: string; description?: string; operations: ApiOperation[] }[]
  models: { name: string; schema: ApiSchema }[]
}

function typeOf(schema: SchemaLike): string {
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object'
  const types = [schema.type ?? 'any'].flat()
  const base = types.filter((type) => type !== 'null').join(' | ') || 'null'
  const withFormat = schema.format ? `${base} (${schema.format})` : base
  return types.includes('null') ? `${withFormat} | null` : withFormat
}

export function toApiSchema(schema: SchemaLike): ApiSchema {
  const model = schema.$ref?.split('/').pop()
  return {
    type: schema.type === 'array' && schema.items ? `${typeOf(schema.items)}[]` : typeOf(schema),
    ...(schema.description ? { description: schema.description } : {}),
    ...(schema.enum ? { values: schema.enum.map(String) } : {}),
    ...(model ? { model } : {}),
    ...(schema.items ? { items: toApiSchema(schema.items) } : {}),
    ...(schema.properties
      ? {
          fields: Object.entries(schema.properties).map(([name, property]) => ({
            name,
            required: schema.required?.includes(name) ?? false,
            schema: toApiSchema(property),
          })),
        }
      : {}),
  }
}

const jsonSchema = (content?: Content) => content?.['application/json']?.schema

function toOperation(
  path: string,
  method: string,
  operation: OpenApiOperation,
  statusDescriptions: Record<string, string>,
): ApiOperation {
  const body = jsonSchema(operation.requestBody?.content)
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'))
  const result = jsonSchema(success?.[1].content)
  return {
    id: operation.operationId ?? `${method}-${path}`.replace(/\W+/g, '-'),
    method: method.toUpperCase(),
    path,
    ...(operation.description ? { description: operation.description } : {}),
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name ?? '',
      in: parameter.in,
      required: parameter.required ?? parameter.in === 'path',
      schema: toApiSchema({ description: parameter.description, ...parameter.schema }),
    })),
    ...(body ? { body: toApiSchema(body) } : {}),
    ...(result ? { result: toApiSchema(result) } : {}),
    statuses: Object.entries(operation.responses ?? {}).map(([status, { description = '' }]) => {
      statusDescriptions[status] ??= description
      return statusDescriptions[status] === description ? { status } : { status, description }
    }),
  }
}

/** Groups the operations by their tag, in the document's order. */
export function toApiReference(document: OpenApiDocument): ApiReference {
  const groups = new Map<string, ApiReference['groups'][number]>()
  const statusDescriptions: Record<string, string> = {}
  for (const tag of document.tags ?? []) groups.set(tag.name, { ...tag, operations: [] })
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation) continue
      const name = operation.tags?.[0] ?? 'Default'
      if (!groups.has(name)) groups.set(name, { name, operations: [] })
      groups.get(name)?.operations.push(toOperation(path, method, operation, statusDescriptions))
    }
  return {
    title: document.info.title,
    version: document.info.version,
    baseUrl: document.servers?.[0]?.url ?? '',
    statusDescriptions,
    groups: [...groups.values()].filter((group) => group.operations.length > 0),
    models: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      schema: toApiSchema(schema),
    })),
  }
}
