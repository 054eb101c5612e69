import { z } from 'zod/mini'

import { limits, maxChars } from './limits'

/** A list's search term in the address; one that is too long means no search. */
export const zSearchTerm = z._default(
  z.catch(z.string().check(z.trim(), z.maxLength(limits.searchTerm)), ''),
  '',
)

/** A page's request as a server function takes it: the search term, and the cursor of the page after. */
export const zPageInput = z.object({
  searchTerm: z._default(z.string().check(z.trim(), maxChars(limits.searchTerm)), ''),
  cursor: z.optional(z.string().check(z.maxLength(500))),
})

/** A filter's value: one of a few names, or an id. */
type FilterSchema = z.ZodMiniType<string, string>

type Optional<Shape extends Record<string, FilterSchema>> = {
  [Name in keyof Shape]: z.ZodMiniOptional<Shape[Name]>
}

/**
 * What a list shows, as its address and its server function take it: a search term, a sort (one of
 * `sorts`, the first by default, descending with `desc`) and the chosen value of each filter, as
 * in `?searchTerm=ann&sort=createdAt&desc=true&genre=…`. In the address a value the list does not
 * know is dropped rather than refused, so an old link still opens the list.
 */
export function listView<
  const Sort extends string,
  Filters extends Record<string, FilterSchema> = Record<never, FilterSchema>,
>(sorts: readonly [Sort, ...Sort[]], filters: Filters = {} as Filters) {
  const optional = <Schema extends z.ZodMiniType>(schema: Schema) => z.optional(schema)
  const shape = {
    sort: optional(z.enum(sorts)),
    desc: optional(z.boolean()),
    ...(Object.fromEntries(
      Object.entries(filters).map(([name, schema]) => [name, optional(schema)]),
    ) as Optional<Filters>),
  }
  // An address read from the bar keeps every value as text (the router parses no JSON): `desc=true`
  // is a word there, and a boolean when the page navigates.
  const addressShape = {
    ...shape,
    desc: optional(
      z.union([
        z.boolean(),
        z.pipe(
          z.enum(['true', 'false']),
          z.transform((word) => word === 'true'),
        ),
      ]),
    ),
  }
  const lenient = Object.fromEntries(
    Object.entries(addressShape).map(([name, schema]) => [name, z.catch(schema, undefined)]),
  ) as { [Name in keyof typeof addressShape]: z.ZodMiniCatch<(typeof addressShape)[Name]> }
  return {
    sorts,
    filters: Object.keys(filters) as Array<keyof Filters & string>,
    /** The address's search parameters; an unknown value is dropped. */
    address: z.object({ searchTerm: zSearchTerm, ...lenient }),
    /** The server function's input: the same, strictly checked, and the cursor of the page after. */
    input: z.extend(zPageInput, shape),
  }
}

export type ListView<View extends { address: z.ZodMiniType }> = z.output<View['address']>

/** The defaults the address leaves out (`stripSearchParams`). */
export const listSearchDefaults = { searchTerm: '' }

/** A list's view in its address, for its loader, which gets the raw address. */
export const viewOf = <Address extends z.ZodMiniType>(address: Address, location: { search: unknown }) =>
  address.parse(location.search) as z.output<Address>
