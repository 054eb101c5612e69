import { createFreshDatabase } from '~/test/fresh-database'
import { seedVolume } from './volume'
const d = await createFreshDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'folio_perf')
console.log(await seedVolume(d.url), d.url)
