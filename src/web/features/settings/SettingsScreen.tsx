import { BookOpen, ChartColumn, Download, LifeBuoy, ShieldCheck, Trash2, UserRound, Volume2 } from 'lucide-react'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { greetingName } from '~/core/auth'
import { FIND_A_HELPLINE, HELP_COUNTRIES, HELP_COUNTRIES_BY_NAME, HELPLINES } from '~/core/helplines'
import { isOneOf } from '~/core/lists'
import { memberNameSchema } from '~/core/member-name'
import { useQuery } from '@tanstack/react-query'
import { SAFETY_ROUTE } from '~/web/app/route-access'
import { useSession } from '~/web/app/session'
import { browserHelpCountry, preferencesQuery, useSetPreferences } from '~/web/data/settings'
import { useServerConfig } from '~/web/data/status'
import { useAudioPreference } from '~/web/olo/audio-preference'
import { SECONDARY_BUTTON } from '~/web/ui/buttons'
import { MenuPage } from '~/web/ui/MenuPage'
import { DeleteAccountDialog } from './DeleteAccountDialog'
import { RemindersSetting } from './RemindersSetting'
import { Section, SwitchRow } from './SettingParts'
import { useDownloadMyData } from './export-data'
import { useSetMemberName } from './member-name'

/** An action that destroys something: outlined in rose, beside the app's calmer buttons. */
const DANGER_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-rose-300/60 px-5 text-base font-medium text-rose-100 transition-colors hover:bg-rose-400/15 motion-reduce:transition-none'

/**
 * The name Olo calls the member by, then docs/product.md#your-data: Olo's voice on or off, the reminders
 * (docs/product.md#reminders), everything Lumin keeps as a file, and deleting the account.
 */
export default function SettingsScreen() {
  const { data: user } = useSession()
  if (!user) return null
  return (
    <MenuPage offline="waits">
      <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">Settings</h1>
      <div className="mt-8 space-y-5">
        <NameSetting current={greetingName(user)} />
        <AudioSetting />
        <RemindersSetting userId={user.id} email={user.email} />
        <JournalSetting />
        <StreakSetting />
        <DownloadSetting />
        <HelpCountrySetting />
        <SafetyLink />
        <DeleteSetting userId={user.id} email={user.email} />
      </div>
    </MenuPage>
  )
}

/** The name Olo and the weekly home use (docs/decisions/0018); the server checks it with the same schema. */
function NameSetting({ current }: { current: string }) {
  const [typed, setTyped] = useState(current)
  const [problem, setProblem] = useState<string | null>(null)
  const save = useSetMemberName()
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const hintId = useId()
  const problemId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = memberNameSchema.safeParse({ name: typed })
    // The keyboard goes back to the name, which the message now describes.
    const refuse = (message: string) => {
      setProblem(message)
      input.current?.focus()
    }
    if (!checked.success) return refuse(checked.error.issues[0]!.message)
    setProblem(null)
    setTyped(checked.data.name)
    save.mutate(checked.data.name, { onError: (error) => refuse(error.message) })
  }

  return (
    <Section title="Your name" icon={<UserRound aria-hidden="true" className="size-5 text-glow" />}>
      <form noValidate onSubmit={submit} className="mt-3">
        <label htmlFor={inputId} className="block font-medium text-white">
          What should Olo call you?
        </label>
        <p id={hintId} className="mt-1 text-sm">
          Olo and your weekly home greet you by this name. Until you choose one, it is the first part of your email address.
        </p>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row">
          <input
            ref={input}
            id={inputId}
            name="name"
            autoComplete="nickname"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value)
              save.reset()
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            className="min-h-11 w-full min-w-0 flex-1 rounded-2xl border border-white/15 bg-night px-4 py-2.5 text-white placeholder:text-mist/60 focus:border-glow"
          />
          <button type="submit" disabled={save.isPending} className={`${SECONDARY_BUTTON} shrink-0 disabled:cursor-wait`}>
            {save.isPending ? 'Saving...' : 'Save name'}
          </button>
        </div>
        {problem && (
          <p id={problemId} role="alert" className="mt-3 text-sm text-dawn">
            {problem}
          </p>
        )}
        <div role="status" className="mt-3 text-sm">
          {save.isSuccess && (
            <p>
              Saved. Olo will call you <span className="font-medium break-words text-white">{save.data.name}</span>.
            </p>
          )}
        </div>
      </form>
    </Section>
  )
}

/** The same choice as the chats' audio toggle: one preference, kept on this device. */
function AudioSetting() {
  const [audioOn, setAudioOn] = useAudioPreference()
  return (
    <Section title="Audio" icon={<Volume2 aria-hidden="true" className="size-5 text-glow" />}>
      <SwitchRow
        label="Olo speaks aloud"
        hint={
          <>
            When this is off, Olo&apos;s messages show without being read out, and you can answer at once. Until you choose, it is on only where Lumin has a
            voice of its own. The chats&apos; audio button changes the same setting.
          </>
        }
        on={audioOn}
        onChange={setAudioOn}
      />
    </Section>
  )
}

/** Whether the weekly recap's Olo may read the week's journal entries: off until the member turns it on. */
function JournalSetting() {
  const { data: config } = useServerConfig()
  const model = config && config.model !== 'offline'
  return (
    <PreferenceSetting
      title="Journal"
      icon={<BookOpen aria-hidden="true" className="size-5 text-glow" />}
      preference="journalInRecap"
      label="Let Olo read my journal in the weekly recap"
      hint={
        <>
          {model
            ? 'When this is on, the AI model that answers as Olo reads your journal entries of the week during your weekly recap, to ask better questions.'
            : 'When this is on, Olo may read your journal entries of the week during your weekly recap, once this server uses an AI model. Olo runs on this server today, so nothing leaves it.'}{' '}
          It is off until you turn it on.
        </>
      }
    />
  )
}

/** Whether Stats shows the streak: on until the member hides it, as a counter can be a source of stress. */
function StreakSetting() {
  return (
    <PreferenceSetting
      title="Stats"
      icon={<ChartColumn aria-hidden="true" className="size-5 text-glow" />}
      preference="showStreaks"
      label="Show streaks"
      hint="Stats counts the days in a row you check in or practise. If a counter feels like pressure, hide it: nothing else changes."
    />
  )
}

/** The server's defaults, shown until the member's own choices arrive. */
const PREFERENCE_DEFAULTS = { journalInRecap: false, showStreaks: true }

/** A section with one switch for a preference the server keeps, saved the moment it changes. */
function PreferenceSetting({ title, icon, preference, label, hint }: { title: string; icon: ReactNode; preference: keyof typeof PREFERENCE_DEFAULTS; label: string; hint: ReactNode }) {
  const preferences = useQuery(preferencesQuery)
  const setPreferences = useSetPreferences()
  return (
    <Section title={title} icon={icon}>
      <SwitchRow
        label={label}
        hint={hint}
        on={preferences.data?.[preference] ?? PREFERENCE_DEFAULTS[preference]}
        disabled={!preferences.isSuccess}
        onChange={(on) => setPreferences.mutate({ [preference]: on })}
      />
      {setPreferences.isError && (
        <p role="alert" className="mt-3 text-sm text-dawn">
          Failed to save your choice. Please try again.
        </p>
      )}
    </Section>
  )
}

function DownloadSetting() {
  const download = useDownloadMyData()
  return (
    <Section title="Your data" icon={<Download aria-hidden="true" className="size-5 text-glow" />}>
      <p className="mt-3 max-w-prose">
        Download everything Lumin keeps about you as one JSON file: your account, profile and path, your check-ins and journal, your
        conversations with Olo, weekly recaps and tasks, practices, goals, achievements and badges.
      </p>
      <button
        type="button"
        disabled={download.isPending}
        onClick={() => download.mutate()}
        className={`${SECONDARY_BUTTON} mt-4 disabled:cursor-wait`}
      >
        <Download aria-hidden="true" className="size-5" />
        {download.isPending ? 'Preparing your file...' : 'Download my data'}
      </button>
      <div role="status" className="mt-3 text-sm">
        {download.isSuccess && (
          <p>
            Saved as <span className="font-medium break-all text-white">{download.data}</span>.
          </p>
        )}
      </div>
      {download.isError && (
        <p role="alert" className="mt-3 text-sm text-dawn">
          Failed to download your data. Please try again.
        </p>
      )}
    </Section>
  )
}

/**
 * Help where you live: the country whose helplines the help card shows first (docs/decisions/0054). Until the member
 * chooses, the browser's language and time zone suggest one; on an instance whose operator wrote their own help, there
 * is nothing to choose.
 */
function HelpCountrySetting() {
  const selectId = useId()
  const hintId = useId()
  const { data: config } = useServerConfig()
  const preferences = useQuery(preferencesQuery)
  const setPreferences = useSetPreferences()
  const suggested = browserHelpCountry()
  return (
    <Section id="help-where-you-live" title="Help where you live" icon={<LifeBuoy aria-hidden="true" className="size-5 text-glow" />}>
      {config?.helplines ? (
        <p className="mt-3 max-w-prose">Whoever runs this Lumin has written the help it shows, so there is nothing to choose here.</p>
      ) : (
        <>
          <label htmlFor={selectId} className="mt-3 block font-medium text-white">
            Your country
          </label>
          <p id={hintId} className="mt-1 max-w-prose text-sm">
            The help card shows this country&apos;s helplines first, each number ready to call or text. Until you choose, Lumin goes by this browser&apos;s language and
            time zone. Somewhere else?{' '}
            <a href={FIND_A_HELPLINE.url} target="_blank" rel="noreferrer" className="font-medium text-white underline underline-offset-2">
              {FIND_A_HELPLINE.name}
            </a>{' '}
            lists helplines in most countries.
          </p>
          <select
            id={selectId}
            aria-describedby={hintId}
            value={preferences.data?.helpCountry ?? ''}
            disabled={!preferences.isSuccess}
            onChange={(event) => {
              const chosen = event.target.value
              setPreferences.mutate({ helpCountry: isOneOf(HELP_COUNTRIES, chosen) ? chosen : null })
            }}
            className="mt-3 min-h-11 w-full max-w-sm rounded-2xl border border-white/15 bg-night px-4 py-2.5 text-white focus:border-glow disabled:cursor-wait disabled:opacity-60"
          >
            <option value="">{suggested ? `As this browser suggests: ${HELPLINES[suggested].name}` : 'Not chosen'}</option>
            {HELP_COUNTRIES_BY_NAME.map((country) => (
              <option key={country} value={country}>
                {HELPLINES[country].name}
              </option>
            ))}
          </select>
          {setPreferences.isError && (
            <p role="alert" className="mt-3 text-sm text-dawn">
              Failed to save your choice. Please try again.
            </p>
          )}
        </>
      )}
    </Section>
  )
}

/** The safety page, where help is (docs/decisions/0016). */
function SafetyLink() {
  return (
    <Section title="Safety" icon={<ShieldCheck aria-hidden="true" className="size-5 text-glow" />}>
      <p className="mt-3 max-w-prose">What Olo is and is not, what it does when someone may be in danger, and where help is.</p>
      <Link to={SAFETY_ROUTE} className={`${SECONDARY_BUTTON} mt-4`}>
        How Olo keeps you safe
      </Link>
    </Section>
  )
}

function DeleteSetting({ userId, email }: { userId: string; email: string }) {
  const [confirming, setConfirming] = useState(false)
  return (
    <Section title="Delete account" icon={<Trash2 aria-hidden="true" className="size-5 text-rose-300" />}>
      <p className="mt-3 max-w-prose">
        Deleting your account removes everything Lumin keeps about you and signs you out everywhere. It cannot be undone.
      </p>
      <button type="button" aria-haspopup="dialog" onClick={() => setConfirming(true)} className={`${DANGER_BUTTON} mt-4`}>
        <Trash2 aria-hidden="true" className="size-5" />
        Delete my account
      </button>
      {confirming && <DeleteAccountDialog userId={userId} email={email} onClose={() => setConfirming(false)} />}
    </Section>
  )
}
