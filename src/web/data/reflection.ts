import { queryOptions } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, call } from '~/web/api'

/** A reflection on a journal entry as its screen shows it: the entry in brief, the chat and what Olo left with it. */
export type ReflectionView = InferResponseType<(typeof api.reflections)[':entryId']['$get'], 200>['reflection']

/**
 * Opens the reflection on an entry (docs/product.md#journal): begun, or resumed while one is open, by the first visit;
 * read back when its conversation is already in the address, so a reload neither begins another nor counts against
 * the hourly limit.
 */
export const reflectionOpeningQuery = (entryId: string, conversationInAddress: string | null) =>
  queryOptions({
    queryKey: ['reflection-opening', entryId],
    queryFn: async (): Promise<ReflectionView> =>
      (await call(conversationInAddress ? api.reflections[':entryId'].$get({ param: { entryId } }) : api.reflections[':entryId'].$post({ param: { entryId } }))).reflection,
  })

/** The reflection as it is kept with the entry, read again once the conversation has finished. */
export const reflectionQuery = (entryId: string) =>
  queryOptions({
    queryKey: ['reflection', entryId],
    queryFn: async () => (await call(api.reflections[':entryId'].$get({ param: { entryId } }))).reflection,
  })
