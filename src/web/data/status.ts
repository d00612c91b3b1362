import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, call } from '~/web/api'

/** Which optional features this server has (Google sign-in, voice, model). */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => call(api.config.$get()),
  staleTime: Infinity,
})

export function useServerConfig() {
  return useQuery(configQuery)
}
