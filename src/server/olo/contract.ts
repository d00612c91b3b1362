/** Olo ends a conversation by writing this token followed by one JSON object; the server strips both before anything is shown or spoken. */
export const END_OF_CONVERSATION_TOKEN = '[[OLO_END]]'
