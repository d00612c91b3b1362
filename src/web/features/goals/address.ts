/** /goal-chat's address: the chosen category, and once the chat has begun its conversation, so a reload resumes it. */
export const CATEGORY_PARAM = 'category'
export const CONVERSATION_PARAM = 'conversation'
export const GOALS_HOME = '/achievements-goals'

export function goalChatAddress(categoryId: number, conversationId?: string) {
  const params = new URLSearchParams({ [CATEGORY_PARAM]: String(categoryId) })
  if (conversationId) params.set(CONVERSATION_PARAM, conversationId)
  return `/goal-chat?${params}`
}

/**
 * The category id from the address: a positive whole number, or null (then the chat returns to the goals:
 * docs/product.md#goal-chat).
 */
export function categoryFromAddress(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}
