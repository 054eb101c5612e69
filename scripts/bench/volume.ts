/** The benchmark's data: the volume it seeds and the search terms it sends. */
import { createHmac } from 'node:crypto'
import postgres from 'postgres'

/** Search terms: broad ones (a tenth of the books, a two-letter prefix) and narrow ones. */
export const searchTerms = [
  'night',
  'the',
  'mo',
  'a',
  'blue river',
  'zephyr 4242',
  'Author 1234',
  'kyoto',
  'sea',
  'xq',
]

/**
 * Seeds 100,000 books and 10,000 users with a session each. Titles come from word lists, so a term
 * matches anything from a handful of books to a tenth of them.
 */
export async function seedVolume(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  await sql`
    insert into book (id, title, author, genre_id, publisher)
    select gen_random_uuid()::text,
           (array['The','A','Blue','Silent','Last','Red','Night','Golden','Hidden','Broken'])[1 + n % 10]
             || ' ' || (array['river','garden','sea','city','letter','road','house','storm','song','night',
                              'mirror','forest','island','winter','bridge','tower','lantern','harbour','voice','map'])[1 + (n / 10) % 20]
             || ' ' || n,
           (array['Ada','Bola','Chen','Dmitri','Elif','Femi','Grace','Hiro','Ines','Jonas'])[1 + n % 10]
             || ' Author ' || (n % 2000),
           (select id from genre order by id offset n % (select count(*) from genre) limit 1),
           case when n % 3 = 0 then 'Publisher ' || (n % 50) end
    from generate_series(1, 99990) as n`
  // A few rare titles, for the selective terms.
  await sql`
    insert into book (id, title, author, genre_id)
    select gen_random_uuid()::text, (array['Zephyr 4242','Kyoto notebook'])[1 + n % 2] || ' ' || n, 'Rare Writer ' || n,
           (select id from genre order by name limit 1)
    from generate_series(1, 10) as n`
  await sql`
    with made as (
      insert into "user" (id, name, email, email_verified, role, onboarded_at)
      select gen_random_uuid()::text, 'Reader ' || n, 'reader-' || n || '@example.test', true, 'user', now()
      from generate_series(1, 10000) as n
      returning id)
    insert into session (id, token, expires_at, user_id)
    select gen_random_uuid()::text, md5(random()::text) || md5(random()::text), now() + interval '7 days', id from made`
  await sql`analyze`
  const [counts] = await sql<{ books: number; users: number }[]>`
    select (select count(*)::int from book) as books, (select count(*)::int from "user") as users`
  await sql.end()
  return counts
}

/** Session cookies of `count` seeded readers, signed with `secret` the way better-auth signs them. */
export async function readerCookies(databaseUrl: string, secret: string, count: number) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const rows = await sql<{ token: string }[]>`
    select session.token from session join "user" on "user".id = session.user_id
    where "user".email like 'reader-%' order by "user".email limit ${count}`
  await sql.end()
  return rows.map(({ token }) => {
    const signature = createHmac('sha256', secret).update(token).digest('base64')
    return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`
  })
}

/** Changes one book every `intervalMs` until stopped, so search's cached results keep going stale. */
export async function changeBooksEvery(databaseUrl: string, intervalMs: number) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const ids = (await sql<{ id: string }[]>`select id from book order by id limit 1000`).map(({ id }) => id)
  if (ids.length === 0) throw new Error('No books to change: seed the volume first')
  let changes = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const id = ids[changes % ids.length] ?? ''
      await sql`update book set publisher = ${`Changed ${changes}`} where id = ${id}`
      changes++
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
  })()
  // A failure is kept and thrown on stop, so it does not end the run half-way.
  let failure: unknown
  loop.catch((error: unknown) => (failure = error))
  /** Stops the changes; resolves with how many were made, or rejects with why they stopped. */
  return async () => {
    running = false
    await loop.catch(() => undefined)
    await sql.end()
    if (failure) throw failure
    return changes
  }
}
