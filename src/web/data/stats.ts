import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { StatsRange } from '~/core/stats'
import { api, call, userTimeZone } from '~/web/api'

/** What /stats draws for one range (GET /api/stats), in the browser's zone. */
export type Stats = InferResponseType<(typeof api)['stats']['$get'], 200>

/** One range's stats: one request per range, kept while the member switches back and forth. */
export const statsQuery = (range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', range],
    queryFn: () => call(api.stats.$get({ query: { range, timeZone: userTimeZone() } })),
  })

/** The range's stats; the previous range's stay on screen while a new one loads, so the page doesn't jump. */
export function useStats(range: StatsRange) {
  return useQuery({ ...statsQuery(range), placeholderData: keepPreviousData })
}
