import pg from 'pg'

/** The PostgreSQL where the fault and multi-instance suites create (and drop) databases of their own. */
export const TEST_POSTGRES_URL = process.env.LUMIN_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The same server's URL for another database on it. */
export function withDatabase(url, name) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** The URL as it may be printed: without its password. */
export function shownUrl(url) {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/** Runs one statement (creating or dropping a database) on its own connection to `url`. */
export async function runOnServer(url, statement) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Whether a PostgreSQL answers at `url` and lets its user create databases. */
export async function findPostgres(url = TEST_POSTGRES_URL) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    const { rows } = await client.query('select rolcreatedb or rolsuper as "canCreate" from pg_roles where rolname = current_user')
    return rows[0]?.canCreate === true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

export const HOW_TO_START_POSTGRES = `No PostgreSQL that may create databases answered at ${shownUrl(TEST_POSTGRES_URL)}.
The fault and multi-instance tests run on a real PostgreSQL (13 or newer): each makes a database of its own and drops it.
Start one, then run npm test again:
  • Debian or Ubuntu:  sudo apt-get install -y postgresql && sudo service postgresql start
                       (then allow the test user, e.g. trust for 127.0.0.1 in pg_hba.conf, or set a password in the URL)
  • macOS:             brew install postgresql@16 && brew services start postgresql@16
  • Docker:            docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16
  • or point LUMIN_TEST_POSTGRES_URL at any PostgreSQL whose user may create databases.`
