import { runOnServer, withDatabase } from '../postgres.mjs'

/** The PostgreSQL the bench creates its databases on; BENCH_DATABASE_URL points elsewhere. */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** Prefixes the bench's database names; BENCH_DATABASE_PREFIX keeps two benches on one server apart. */
const PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'lumin_bench'

/** A fresh, empty database of the bench's own (dropped first if a killed run left it), and how to drop it. */
export async function freshDatabase(suffix: string) {
  const name = `${PREFIX}_${suffix}`
  const admin = (statement: string) => runOnServer(ADMIN_URL, statement)
  await admin(`drop database if exists ${name} with (force)`)
  await admin(`create database ${name}`)
  return { url: withDatabase(ADMIN_URL, name), drop: () => admin(`drop database if exists ${name} with (force)`) }
}
