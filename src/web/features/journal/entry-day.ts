const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })

/**
 * The member's own date of an entry (its `localDate`, written in their zone), as they would say it: 'Tuesday 24
 * November'. The one way the journal and the reflection write it.
 */
export function entryDay(localDate: string) {
  return dayFormat.format(new Date(`${localDate}T12:00:00Z`))
}
