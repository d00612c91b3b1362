import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { z } from 'zod'
import { JOURNAL_LIMITS } from '~/core/journal'
import { api, call, userTimeZone } from '~/web/api'
import { deviceStorage } from '~/web/lib/device-storage'

type JournalPage = InferResponseType<typeof api.journal.$get, 200>
export type JournalEntry = JournalPage['entries'][number]
export type TodaysPrompt = InferResponseType<typeof api.journal.prompt.$get, 200>

/** The member's entries, newest first, a page at a time (docs/product.md#journal). */
export const journalQuery = infiniteQueryOptions({
  queryKey: ['journal', 'entries'],
  queryFn: ({ pageParam }) => call(api.journal.$get({ query: pageParam === null ? {} : { before: pageParam } })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.next,
})

export function useJournal() {
  return useInfiniteQuery(journalQuery)
}

/** The entries holding the searched words; nothing is asked for a blank search. */
export function useJournalSearch(q: string) {
  const query = q.trim().slice(0, JOURNAL_LIMITS.searchChars)
  return useQuery({
    queryKey: ['journal', 'search', query],
    queryFn: async () => (await call(api.journal.search.$get({ query: { q: query } }))).entries,
    enabled: query !== '',
    // While the next words are asked for, the last results stay on the screen.
    placeholderData: (previous) => previous,
  })
}

/** Today's prompt, the same all day, and the week's priority the editor leans on for another one. */
export const journalPromptQuery = queryOptions({
  queryKey: ['journal', 'prompt'],
  queryFn: () => call(api.journal.prompt.$get({ query: { timeZone: userTimeZone() } })),
  staleTime: 60 * 60_000,
})

export function useTodaysPrompt() {
  return useQuery(journalPromptQuery)
}

// ── The draft on the device ─────────────────────────────────────────────────────────────────────────────

/**
 * What the editor holds, kept on the device as it is typed so that nothing is lost to a reload or a crash: the id the
 * entry will be saved under (a new entry's is chosen when the draft begins, so a retried save stores it once), whether
 * it is an edit of a saved entry, what was written, and whether the member saved it without a connection, so that it is
 * saved once the connection is back (docs/decisions/0048).
 */
const draftSchema = z.object({
  id: z.uuid(),
  editing: z.boolean(),
  title: z.string().max(JOURNAL_LIMITS.titleChars * 4),
  body: z.string().max(JOURNAL_LIMITS.bodyChars * 2),
  prompt: z.string().nullable(),
  saveWhenOnline: z.boolean().default(false),
})
export type JournalDraft = z.infer<typeof draftSchema>

/** Each member's draft under their own key, so one person's words never open in another's editor. */
const draftKey = (userId: string) => `lumin.journalDraft.${userId}`

export const journalDrafts = {
  read(userId: string): JournalDraft | null {
    try {
      const parsed = draftSchema.safeParse(JSON.parse(deviceStorage.get(draftKey(userId)) ?? 'null'))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  },
  keep(userId: string, draft: JournalDraft) {
    deviceStorage.set(draftKey(userId), JSON.stringify(draft))
  },
  forget(userId: string) {
    deviceStorage.remove(draftKey(userId))
  },
}

// ── Saving ──────────────────────────────────────────────────────────────────────────────────────────

type Saved = { entry: JournalEntry; crisis: boolean }

function withEntry<Param>(data: InfiniteData<JournalPage, Param> | undefined, entry: JournalEntry) {
  if (!data) return data
  const known = data.pages.some((page) => page.entries.some((e) => e.id === entry.id))
  const pages = data.pages.map((page, i) => ({
    ...page,
    entries: known ? page.entries.map((e) => (e.id === entry.id ? entry : e)) : i === 0 ? [entry, ...page.entries] : page.entries,
  }))
  return { ...data, pages }
}

function withoutEntry<Param>(data: InfiniteData<JournalPage, Param> | undefined, id: string) {
  if (!data) return data
  return { ...data, pages: data.pages.map((page) => ({ ...page, entries: page.entries.filter((e) => e.id !== id) })) }
}

/**
 * Saves the draft: a new entry under its own id, or the edit of a saved one. A new entry whose first save reached the
 * server but whose answer was lost comes back as it was kept; when the member changed it since, the change follows as
 * an edit, so what is on the screen is what is stored.
 */
async function saveDraft(draft: JournalDraft): Promise<Saved> {
  const edit = { title: draft.title, body: draft.body }
  if (draft.editing) return call(api.journal[':id'].$patch({ param: { id: draft.id }, json: edit }))
  const saved = await call(api.journal.$post({ json: { id: draft.id, ...edit, prompt: draft.prompt, timeZone: userTimeZone() } }))
  const kept = saved.entry
  if (kept.body === draft.body && (kept.title ?? '') === draft.title.trim()) return saved
  return call(api.journal[':id'].$patch({ param: { id: draft.id }, json: edit }))
}

export function useSaveEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveDraft,
    onSuccess: ({ entry }) => {
      // A list never loaded (the journal opened offline) is loaded now, with the entry in it.
      if (queryClient.getQueryData(journalQuery.queryKey)) queryClient.setQueryData(journalQuery.queryKey, (data) => withEntry(data, entry))
      else void queryClient.invalidateQueries({ queryKey: journalQuery.queryKey, exact: true })
      void queryClient.invalidateQueries({ queryKey: ['journal', 'search'] })
    },
  })
}

export function useDeleteEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await call(api.journal[':id'].$delete({ param: { id } }))).deleted,
    onSuccess: ({ id }) => {
      queryClient.setQueryData(journalQuery.queryKey, (data) => withoutEntry(data, id))
      void queryClient.invalidateQueries({ queryKey: ['journal', 'search'] })
    },
  })
}
