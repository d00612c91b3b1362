import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { reminderSettingsSchema, WEEKDAYS, type ReminderSettings } from '~/core/reminders'
import { remindersQuery, useSaveReminders } from '~/web/data/reminders'
import { userTimeZone } from '~/web/api'
import { focusHeading } from '~/web/app/route-focus'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { needsHomeScreen, thisBrowser, usePushOnThisDevice } from './push-on-this-device'
import { Section, SwitchRow } from './SettingParts'

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' }

const FIELD = 'min-h-11 rounded-2xl border border-white/15 bg-night px-3 py-2 text-white focus:border-glow'

/**
 * Settings → Reminders (docs/product.md#reminders): the three reminders, quiet hours and the two channels, Push on this
 * device (docs/decisions/0047) and Email. The side menu's Notifications and every reminder mail open it at
 * /settings#reminders.
 */
export function RemindersSetting({ userId, email }: { userId: string; email: string }) {
  const reminders = useQuery(remindersQuery)
  // Here, not in the form: the form starts afresh from what a save answered, and the save's outcome stays in view.
  const save = useSaveReminders()
  const device = usePushOnThisDevice(userId)
  const { hash } = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  // Opened at #reminders, the section is where the reader and the keyboard start.
  useEffect(() => {
    if (hash === '#reminders' && heading.current) focusHeading(heading.current)
  }, [hash])
  return (
    <Section id="reminders" headingRef={heading} title="Reminders" icon={<Bell aria-hidden="true" className="size-5 text-glow" />}>
      {reminders.data ? (
        // A fresh form for each saved state, so a save's answer is what the form shows.
        <RemindersForm
          key={JSON.stringify(reminders.data.settings)}
          saved={reminders.data.settings}
          pushDevices={reminders.data.pushDevices}
          email={email}
          save={save}
          device={device}
        />
      ) : (
        <p className="mt-3 text-sm" role={reminders.isError ? 'alert' : undefined}>
          {reminders.isError ? 'Failed to load your reminders. Please reload the page.' : 'Loading your reminders...'}
        </p>
      )}
    </Section>
  )
}

function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (time: string) => void }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-white">
        {label}
      </label>
      <input id={id} type="time" required value={value} onChange={(event) => onChange(event.target.value)} className={FIELD} />
    </div>
  )
}

function Details({ children }: { children: ReactNode }) {
  return <div className="mt-3 flex flex-wrap items-end gap-4 pl-0 sm:pl-4">{children}</div>
}

interface FormProps {
  saved: ReminderSettings
  pushDevices: number
  email: string
  save: ReturnType<typeof useSaveReminders>
  device: ReturnType<typeof usePushOnThisDevice>
}

function RemindersForm({ saved, pushDevices, email, save, device }: FormProps) {
  const [draft, setDraft] = useState(saved)
  const [problem, setProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const dayId = useId()
  const problemId = useId()
  const edit = (update: (current: ReminderSettings) => ReminderSettings) => {
    setDraft(update)
    setProblem(null)
    setNotice(null)
    save.reset()
  }
  const change = (next: Partial<ReminderSettings>) => edit((current) => ({ ...current, ...next }))
  // From the draft as it is when the answer comes: turning Push on or off waits for the browser and the server.
  const choosePush = (push: boolean) => edit((current) => ({ ...current, channels: { ...current.channels, push } }))

  function turnPush(on: boolean) {
    // Not disabled meanwhile: a disabled switch would drop the keyboard's focus.
    if (device.busy) return
    setProblem(null)
    setNotice(null)
    save.reset()
    const refused = (error: Error) => setProblem(error.message)
    if (on) {
      device.turnOn().then(() => {
        choosePush(true)
        setNotice('Push is set up on this device. Save your reminders to keep this choice.')
      }, refused)
      return
    }
    device.turnOff().then((devices) => {
      // Push stays chosen while it still reaches another device.
      if (devices > 0) return setNotice('Push is off on this device. Your other devices still get your reminders.')
      choosePush(false)
      setNotice('Push is off on this device. Save your reminders to keep this choice.')
    }, refused)
  }

  const pushOn = device.subscribed === true && draft.channels.push

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = reminderSettingsSchema.safeParse({ ...draft, timeZone: userTimeZone() })
    if (!checked.success) return setProblem(checked.error.issues[0]!.message)
    save.mutate(checked.data, { onError: (error) => setProblem(error.message) })
  }

  return (
    <form noValidate onSubmit={submit}>
      <p className="mt-3 max-w-prose text-sm">
        Each reminder is off until you turn it on. Times are in your time zone, {userTimeZone()}. A reminder is not sent when you have already done what
        it invites you to.
      </p>

      <SwitchRow label="Daily check-in" hint="A moment to tell Olo how you feel today." on={draft.checkIn.on} onChange={(on) => change({ checkIn: { ...draft.checkIn, on } })} />
      {draft.checkIn.on && (
        <Details>
          <TimeField label="Check-in time" value={draft.checkIn.time} onChange={(time) => change({ checkIn: { ...draft.checkIn, time } })} />
        </Details>
      )}

      <SwitchRow label="Weekly recap" hint="Your week with Olo, once a week." on={draft.recap.on} onChange={(on) => change({ recap: { ...draft.recap, on } })} />
      {draft.recap.on && (
        <Details>
          <div className="flex flex-col gap-1">
            <label htmlFor={dayId} className="text-sm font-medium text-white">
              Recap day
            </label>
            <select
              id={dayId}
              value={draft.recap.day}
              onChange={(event) => change({ recap: { ...draft.recap, day: WEEKDAYS.find((day) => day === event.target.value) ?? draft.recap.day } })}
              className={FIELD}
            >
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {DAY_NAMES[day]}
                </option>
              ))}
            </select>
          </div>
          <TimeField label="Recap time" value={draft.recap.time} onChange={(time) => change({ recap: { ...draft.recap, time } })} />
        </Details>
      )}

      <SwitchRow label="Practice" hint="The next practice of your path, on the days you choose." on={draft.practice.on} onChange={(on) => change({ practice: { ...draft.practice, on } })} />
      {draft.practice.on && (
        <Details>
          <TimeField label="Practice time" value={draft.practice.time} onChange={(time) => change({ practice: { ...draft.practice, time } })} />
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-white">Practice days</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAYS.map((day) => {
                const chosen = draft.practice.days.includes(day)
                return (
                  <label key={day} className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/15 px-3 has-checked:border-glow has-checked:bg-glow/20">
                    <input
                      type="checkbox"
                      checked={chosen}
                      onChange={() => change({ practice: { ...draft.practice, days: chosen ? draft.practice.days.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || draft.practice.days.includes(d)) } })}
                      className="size-4 accent-glow"
                    />
                    <span aria-hidden="true">{DAY_NAMES[day].slice(0, 3)}</span>
                    <span className="sr-only">{DAY_NAMES[day]}</span>
                  </label>
                )
              })}
            </div>
          </fieldset>
        </Details>
      )}

      <fieldset className="mt-5">
        <legend className="font-medium text-white">Quiet hours</legend>
        <p className="mt-1 text-sm">No reminder comes between these times.</p>
        <div className="mt-2 flex flex-wrap gap-4">
          <TimeField label="Quiet from" value={draft.quietHours.start} onChange={(start) => change({ quietHours: { ...draft.quietHours, start } })} />
          <TimeField label="Quiet until" value={draft.quietHours.end} onChange={(end) => change({ quietHours: { ...draft.quietHours, end } })} />
        </div>
      </fieldset>

      <SwitchRow
        label="Push on this device"
        hint={<PushHint subscribed={pushOn} otherDevices={pushDevices - (device.subscribed ? 1 : 0)} />}
        on={pushOn}
        disabled={device.subscribed === null}
        onChange={turnPush}
      />
      <SwitchRow
        label="Email"
        hint={
          <>
            Reminders come to <span className="break-all">{email}</span>. Each mail has a link to stop them.
          </>
        }
        on={draft.channels.email}
        onChange={(on) => change({ channels: { ...draft.channels, email: on } })}
      />

      <button type="submit" disabled={save.isPending} className={`${SECONDARY_BUTTON} mt-5 disabled:cursor-wait`}>
        {save.isPending ? 'Saving...' : 'Save reminders'}
      </button>
      {problem && (
        <p id={problemId} role="alert" className="mt-3 text-sm text-dawn">
          {problem}
        </p>
      )}
      <div role="status" className="mt-3 text-sm">
        {save.isSuccess ? <p>Saved. Your reminders will come at the times you chose.</p> : notice && <p>{notice}</p>}
      </div>
    </form>
  )
}

/** What Push on this device does here; on iPhone and iPad in Safari, how to get it at all. */
function PushHint({ subscribed, otherDevices }: { subscribed: boolean; otherDevices: number }) {
  if (needsHomeScreen(thisBrowser())) {
    return (
      <>
        On iPhone and iPad, push reminders need Lumin on your home screen: in Safari, tap Share, then <span className="font-medium text-white">Add to Home Screen</span>, and
        open Lumin from there.
      </>
    )
  }
  const others = otherDevices === 1 ? 'one other device' : `${otherDevices} other devices`
  if (subscribed) return <>Reminders come here as notifications. Turning this off stops them on this device only{otherDevices > 0 ? `; ${others} keep theirs.` : '.'}</>
  return <>Reminders come here as notifications; your browser asks you to allow them.{otherDevices > 0 ? ` Push already reaches ${others}.` : ''}</>
}
