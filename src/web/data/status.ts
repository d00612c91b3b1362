import { queryOptions, useQuery } from '@tanstack/react-query'
import { reflectionNotice, safetyReaderNotice } from '~/core/olo'
import { api, call } from '~/web/api'

/** Which optional features this server has (Google sign-in, voice, model). */
const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => call(api.config.$get()),
  staleTime: Infinity,
})

export function useServerConfig() {
  return useQuery(configQuery)
}

/**
 * The line Reflect with Olo shows when a model provider is configured, naming it; null with the offline guide, or
 * while the server hasn't said (docs/product.md#journal).
 */
export function useReflectionNotice(): string | null {
  const { data } = useServerConfig()
  return data?.modelName ? reflectionNotice(data.modelName) : null
}

/** The line under the journal's Save when a provider's safety classifier reads saved entries; null without one. */
export function useSafetyReaderNotice(): string | null {
  const { data } = useServerConfig()
  return data?.safetyReader ? safetyReaderNotice(data.safetyReader) : null
}
