import { sql, type SQL } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { CHECK_IN_NOTE_CHARS, EMOTIONS } from '~/core/check-ins'
import { MOODS } from '~/core/moods'
import { CONVERSATION_KINDS } from '~/core/conversation-kinds'
import { DIMENSIONS, FOCUS_OPTIONS } from '~/core/dimensions'
import { GOAL_STATUSES, TIERS } from '~/core/goals'
import { HELP_COUNTRIES } from '~/core/helplines'
import { CONVERSATION_STATUSES, MESSAGE_ROLES, type ConversationResult, type ReflectionResult } from '~/core/olo'
import { GAME_TYPES, PATHS } from '~/core/paths'
import { JOURNAL_LIMITS } from '~/core/journal'
import { REMINDER_KINDS, WEEKDAYS } from '~/core/reminders'
import { SAFETY_PLAN_LIMITS, SAFETY_PLAN_STEPS, STEPS_WITH_A_PHONE } from '~/core/safety-plan'
import type { WeekLived } from '~/core/week-lived'
import { GOAL_CATEGORY_NAMES, TASK_STATUSES, type OrbScores } from '~/core/weekly'
import { wordList } from './word-list'

const now = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow()
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

// A column holding a word from one of src/core's lists takes its type and its check from that list (docs/decisions/0028).
const DIMENSION_SQL = wordList(DIMENSIONS)
const PATH_SQL = wordList(PATHS)
const GAME_TYPE_SQL = wordList(GAME_TYPES)
const CONVERSATION_KIND_SQL = wordList(CONVERSATION_KINDS)
const TIER_SQL = wordList(TIERS)

// ── Better Auth (its four tables, written by hand from its docs) ─────────────────────────────

export const user = pgTable('user', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text(),
  createdAt: now('created_at'),
  updatedAt: now('updated_at'),
})

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text(),
    password: text(),
    /**
     * When this password last signed someone in. A password never used is one nobody may know but whoever chose it:
     * Google linking to such an account removes it (docs/decisions/0012).
     */
    passwordSignedInAt: timestamp('password_signed_in_at', { withTimezone: true }),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

// ── Reference content (seeded from code) ─────────────────────────────────────────────────────

export const dimensions = pgTable(
  'dimensions',
  {
    id: text({ enum: DIMENSIONS }).primaryKey(),
    label: text().notNull(),
    description: text().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [check('dimensions_id_check', sql`${t.id} in (${DIMENSION_SQL})`)],
)

export const focusOptions = pgTable('focus_options', {
  id: text({ enum: FOCUS_OPTIONS }).primaryKey(),
  label: text().notNull(),
  description: text().notNull(),
  sortOrder: integer('sort_order').notNull(),
})

export const conversationScripts = pgTable(
  'conversation_scripts',
  {
    id: serial().primaryKey(),
    key: text().notNull().unique(),
    kind: text({ enum: CONVERSATION_KINDS }).notNull(),
    scriptName: text('script_name').notNull(),
    oloInitialPrompt: text('olo_initial_prompt').notNull(),
    conversationGoal: text('conversation_goal').notNull(),
    mistralMasterPrompt: text('mistral_master_prompt').notNull(),
    finalGreetingTemplate: text('final_greeting_template').notNull(),
  },
  (t) => [
    check('conversation_scripts_kind_check', sql`${t.kind} in (${CONVERSATION_KIND_SQL})`),
    check('conversation_scripts_template_check', sql`${t.finalGreetingTemplate} like '%{user_intention}%'`),
  ],
)

export const paths = pgTable(
  'paths',
  {
    id: serial().primaryKey(),
    key: text({ enum: PATHS }).notNull().unique(),
    title: text().notNull().unique(),
    description: text().notNull(),
  },
  (t) => [check('paths_key_check', sql`${t.key} in (${PATH_SQL})`)],
)

export const levels = pgTable(
  'levels',
  {
    id: serial().primaryKey(),
    pathId: integer('path_id')
      .notNull()
      .references(() => paths.id),
    levelNumber: integer('level_number').notNull(),
  },
  (t) => [unique('levels_path_level_unique').on(t.pathId, t.levelNumber), check('levels_number_check', sql`${t.levelNumber} >= 1`)],
)

export const minigames = pgTable(
  'minigames',
  {
    id: serial().primaryKey(),
    key: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull(),
    gameType: text('game_type', { enum: GAME_TYPES }).notNull(),
    defaultScriptId: integer('default_script_id')
      .notNull()
      .references(() => conversationScripts.id),
  },
  (t) => [check('minigames_game_type_check', sql`${t.gameType} in (${GAME_TYPE_SQL})`)],
)

export const pathExercises = pgTable(
  'path_exercises',
  {
    id: serial().primaryKey(),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    exerciseNumberInLevel: integer('exercise_number_in_level').notNull(),
    minigameId: integer('minigame_id')
      .notNull()
      .references(() => minigames.id),
  },
  (t) => [
    unique('path_exercises_level_number_unique').on(t.levelId, t.exerciseNumberInLevel),
    check('path_exercises_number_check', sql`${t.exerciseNumberInLevel} >= 1`),
  ],
)

export const goalCategories = pgTable('goal_categories', {
  id: serial().primaryKey(),
  name: text({ enum: GOAL_CATEGORY_NAMES }).notNull().unique(),
  iconName: text('icon_name').notNull(),
  description: text().notNull(),
})

// ── The user's own data ──────────────────────────────────────────────────────────────────────

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' })

export const profiles = pgTable(
  'profiles',
  {
    id: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    selectedPath: text('selected_path', { enum: PATHS }),
    pathStartedAt: now('path_started_at'),
    luminPoints: integer('lumin_points').notNull().default(0),
    consciousnessLevel: integer('consciousness_level').notNull().default(1),
    /** Share of the first quest's practices done, in percent. */
    currentQuestProgress: integer('current_quest_progress').notNull().default(0),
    assessmentScore1: integer('assessment_score_1'),
    assessmentScore2: integer('assessment_score_2'),
    assessmentScore3: integer('assessment_score_3'),
    rankedDimensions: text('ranked_dimensions', { enum: DIMENSIONS }).array(),
    selectedFocus: text('selected_focus', { enum: FOCUS_OPTIONS }),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    /** Whether the weekly recap's model may read the week's journal entries (Settings; off until the member says so). */
    journalInRecap: boolean('journal_in_recap').notNull().default(false),
    /** Whether Stats shows the streak (Settings; on until the member hides it, as a counter can be a source of stress). */
    showStreaks: boolean('show_streaks').notNull().default(true),
    /**
     * The country whose helplines the help card shows first (Settings → Help where you live), as an ISO 3166 code from
     * src/core/helplines.ts; null until the member chooses, when the browser's language and time zone suggest one.
     */
    helpCountry: text('help_country', { enum: HELP_COUNTRIES }),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [
    check('profiles_selected_path_check', sql`${t.selectedPath} is null or ${t.selectedPath} in (${PATH_SQL})`),
    check('profiles_points_check', sql`${t.luminPoints} >= 0`),
    check('profiles_level_check', sql`${t.consciousnessLevel} >= 1`),
    check('profiles_quest_progress_check', sql`${t.currentQuestProgress} between 0 and 100`),
    check(
      'profiles_assessment_check',
      sql`coalesce(${t.assessmentScore1}, 0) between 0 and 100 and coalesce(${t.assessmentScore2}, 0) between 0 and 100 and coalesce(${t.assessmentScore3}, 0) between 0 and 100`,
    ),
    check(
      'profiles_focus_check',
      sql`${t.selectedFocus} is null or ${t.selectedFocus} in (${wordList(FOCUS_OPTIONS)})`,
    ),
  ],
)

/** Every chat with Olo (recap, threshold, goal, reflection) is one conversation (docs/product.md#olo). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    kind: text({ enum: CONVERSATION_KINDS }).notNull(),
    scriptId: integer('script_id')
      .notNull()
      .references(() => conversationScripts.id),
    /** What the chat is about: a practice id (threshold), a goal category id (goal) or a journal entry id (reflection). */
    subject: text(),
    status: text({ enum: CONVERSATION_STATUSES }).notNull().default('open'),
    flagged: boolean().notNull().default(false),
    userTurns: integer('user_turns').notNull().default(0),
    /**
     * Set while Olo answers a turn: one turn in flight per conversation, so parallel sends can't pass the turn cap or
     * finish a conversation twice. A mark older than a model call may last is an instance that died mid-answer.
     */
    answeringSince: timestamp('answering_since', { withTimezone: true }),
    /** When Olo last said it is an AI, not a human: the notice comes again after 3 hours of one chat. */
    noticeAt: now('notice_at'),
    /** What the conversation produced, valid by its kind's result schema (src/core/olo.ts) before it is stored. */
    result: jsonb().$type<ConversationResult>(),
    createdAt: now('created_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('conversations_user_id_idx').on(t.userId),
    check('conversations_kind_check', sql`${t.kind} in (${CONVERSATION_KIND_SQL})`),
    check('conversations_status_check', sql`${t.status} in (${wordList(CONVERSATION_STATUSES)})`),
    check('conversations_turns_check', sql`${t.userTurns} >= 0`),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: owner(),
    role: text({ enum: MESSAGE_ROLES }).notNull(),
    content: text().notNull(),
    /** A crisis message and Olo's safety reply: shown to the user, never sent to a model (docs/product.md#safety). */
    crisis: boolean().notNull().default(false),
    /** Insertion order: messages written in one transaction share created_at. */
    seq: bigserial({ mode: 'number' }).notNull(),
    createdAt: now('created_at'),
  },
  (t) => [
    index('messages_user_id_idx').on(t.userId),
    index('messages_conversation_id_idx').on(t.conversationId, t.seq),
    check('messages_role_check', sql`${t.role} in (${wordList(MESSAGE_ROLES)})`),
  ],
)

export const weeklyRecaps = pgTable(
  'weekly_recaps',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    conversationId: uuid('conversation_id')
      .notNull()
      .unique()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The Monday the recap's week starts on, in the user's time zone. */
    weekStart: date('week_start').notNull(),
    startedAt: now('started_at'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    summary: text(),
    rating: integer(),
    /** The member's last seven days when the recap started: Olo opens with it and a model reads it. */
    weekLived: jsonb('week_lived').$type<WeekLived>(),
  },
  (t) => [
    index('weekly_recaps_user_id_idx').on(t.userId),
    unique('weekly_recaps_user_week_unique').on(t.userId, t.weekStart),
    check('weekly_recaps_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 10`),
  ],
)

export const weeklyDimensionPriorities = pgTable(
  'weekly_dimension_priorities',
  {
    id: uuid().primaryKey().defaultRandom(),
    recapId: uuid('recap_id')
      .notNull()
      .references(() => weeklyRecaps.id, { onDelete: 'cascade' }),
    userId: owner(),
    dimension: text({ enum: DIMENSIONS }).notNull(),
    rank: integer().notNull(),
    reasoning: text().notNull(),
  },
  (t) => [
    index('weekly_dimension_priorities_user_id_idx').on(t.userId),
    unique('weekly_dimension_priorities_recap_rank_unique').on(t.recapId, t.rank),
    check('weekly_dimension_priorities_dimension_check', sql`${t.dimension} in (${DIMENSION_SQL})`),
    check('weekly_dimension_priorities_rank_check', sql`${t.rank} between 1 and 7`),
  ],
)

export const weeklyTasks = pgTable(
  'weekly_tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    recapId: uuid('recap_id')
      .notNull()
      .references(() => weeklyRecaps.id, { onDelete: 'cascade' }),
    userId: owner(),
    taskDescription: text('task_description').notNull(),
    relatedDimension: text('related_dimension', { enum: DIMENSIONS }).notNull(),
    status: text({ enum: TASK_STATUSES }).notNull().default('pending'),
    createdAt: now('created_at'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    // A member's tasks, and those ticked off within a window: the orbs' 28 days, each past week of Stats' Dimensions
    // (docs/decisions/0039).
    index('weekly_tasks_user_id_done_at_idx').on(t.userId, t.doneAt),
    check('weekly_tasks_dimension_check', sql`${t.relatedDimension} in (${DIMENSION_SQL})`),
    check('weekly_tasks_status_check', sql`${t.status} in (${wordList(TASK_STATUSES)})`),
  ],
)

/**
 * The practice log (docs/product.md#practices): one row per practice begun at a threshold; append-only, completed once.
 */
export const practices = pgTable(
  'practices',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    pathExerciseId: integer('path_exercise_id')
      .notNull()
      .references(() => pathExercises.id),
    path: text({ enum: PATHS }).notNull(),
    /**
     * The threshold chat that set this practice's intention; its subject is this practice's id
     * (docs/product.md#practices).
     */
    conversationId: uuid('conversation_id')
      .unique()
      .references(() => conversations.id, { onDelete: 'set null' }),
    startedAt: now('started_at'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    intention: text(),
    steps: integer(),
    observation: text(),
    kindnessAct: text('kindness_act'),
    pointsAwarded: integer('points_awarded').notNull().default(0),
  },
  (t) => [
    index('practices_user_id_idx').on(t.userId, t.startedAt),
    // The practices completed within a window: the orbs' 28 days, each past week of Stats' Dimensions (docs/decisions/0039).
    index('practices_user_id_completed_at_idx').on(t.userId, t.completedAt),
    check('practices_path_check', sql`${t.path} in (${PATH_SQL})`),
    check('practices_steps_check', sql`${t.steps} is null or ${t.steps} >= 0`),
    check('practices_points_check', sql`${t.pointsAwarded} >= 0`),
  ],
)

export const userProgress = pgTable(
  'user_progress',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    pathExerciseId: integer('path_exercise_id')
      .notNull()
      .references(() => pathExercises.id),
    practiceId: uuid('practice_id')
      .notNull()
      .unique()
      .references(() => practices.id, { onDelete: 'cascade' }),
    completedAt: now('completed_at'),
  },
  (t) => [index('user_progress_user_id_idx').on(t.userId, t.completedAt)],
)

export const userAttributes = pgTable(
  'user_attributes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    attributeKey: text('attribute_key').notNull(),
    attributeValue: text('attribute_value').notNull(),
    updatedAt: now('updated_at'),
  },
  (t) => [
    unique('user_attributes_user_key_unique').on(t.userId, t.attributeKey),
    index('user_attributes_user_id_idx').on(t.userId),
  ],
)

export const goals = pgTable(
  'goals',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => goalCategories.id),
    conversationId: uuid('conversation_id')
      .unique()
      .references(() => conversations.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    targetValue: doublePrecision('target_value').notNull(),
    currentValue: doublePrecision('current_value').notNull().default(0),
    progress: integer().notNull().default(0),
    status: text({ enum: GOAL_STATUSES }).notNull().default('in-progress'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the member last moved the goal forward, for the week a recap tells (docs/product.md#weekly-recap). */
    movedAt: timestamp('moved_at', { withTimezone: true }),
    unit: text().notNull(),
    targetDate: date('target_date').notNull(),
    createdAt: now('created_at'),
  },
  (t) => [
    index('goals_user_id_idx').on(t.userId, t.createdAt),
    // A member's goals in a category: the counts' triggers look for another one there (docs/decisions/0026).
    index('goals_category_id_idx').on(t.categoryId, t.userId),
    check('goals_target_check', sql`${t.targetValue} > 0`),
    check('goals_current_check', sql`${t.currentValue} >= 0`),
    check('goals_progress_check', sql`${t.progress} between 0 and 100`),
    check('goals_status_check', sql`${t.status} in (${wordList(GOAL_STATUSES)})`),
  ],
)

export const achievements = pgTable(
  'achievements',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    /** The goal's category, which never changes: kept here so a tier's percentile counts earners without a join. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => goalCategories.id),
    tier: text({ enum: TIERS }).notNull(),
    percentile: doublePrecision().notNull(),
    /**
     * How many members had a goal in the category when the tier was earned: below 20 the percentile is not shown
     * (decision 0019).
     */
    cohort: integer().notNull(),
    earnedAt: now('earned_at'),
  },
  (t) => [
    index('achievements_user_id_idx').on(t.userId, t.earnedAt),
    unique('achievements_goal_tier_unique').on(t.goalId, t.tier),
    check('achievements_tier_check', sql`${t.tier} in (${TIER_SQL})`),
    check('achievements_percentile_check', sql`${t.percentile} between 0 and 100`),
    check('achievements_cohort_check', sql`${t.cohort} >= 0`),
  ],
)

export const badges = pgTable(
  'badges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    tier: text({ enum: TIERS }).notNull(),
    svg: text().notNull(),
    createdAt: now('created_at'),
  },
  (t) => [
    index('badges_user_id_idx').on(t.userId),
    unique('badges_goal_tier_unique').on(t.goalId, t.tier),
    check('badges_tier_check', sql`${t.tier} in (${TIER_SQL})`),
  ],
)

/**
 * A daily check-in (docs/product.md#check-in): a mood, and the emotion words, dimensions and note added after it. Its id
 * is the device's, so a check-in kept offline and sent again is stored once.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid().primaryKey(),
    userId: owner(),
    mood: text({ enum: MOODS }).notNull(),
    emotions: text({ enum: EMOTIONS }).array().notNull().default(sql`'{}'`),
    dimensions: text({ enum: DIMENSIONS }).array().notNull().default(sql`'{}'`),
    note: text(),
    /** When the member checked in, which may be before the server heard of it. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    /** The member's calendar date at that moment, in the zone their browser was in. */
    localDate: date('local_date').notNull(),
    timeZone: text('time_zone').notNull(),
    /**
     * Whether its note or emotion words sounded like a crisis when last saved, so the card shows the help under it and
     * the anonymous daily count counts it once, however often it is sent again (docs/decisions/0055).
     */
    crisis: boolean().notNull().default(false),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [
    index('check_ins_user_id_idx').on(t.userId, t.checkedInAt),
    check('check_ins_mood_check', sql`${t.mood} in (${wordList(MOODS)})`),
    check('check_ins_emotions_check', sql`${t.emotions} <@ array[${wordList(EMOTIONS)}]::text[]`),
    check('check_ins_dimensions_check', sql`${t.dimensions} <@ array[${DIMENSION_SQL}]::text[]`),
    check('check_ins_note_check', sql`char_length(${t.note}) <= ${sql.raw(String(CHECK_IN_NOTE_CHARS))}`),
  ],
)

/**
 * A journal entry (docs/product.md#journal). Its id is the device's, like a check-in's. `search` is kept by PostgreSQL
 * from the title and the text, for the journal's search; `reflection` is what Olo's reflection on it produced.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid().primaryKey(),
    userId: owner(),
    title: text(),
    body: text().notNull(),
    /** The prompt the member wrote from, as it was shown; null when they wrote without one. */
    prompt: text(),
    localDate: date('local_date').notNull(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`setweight(to_tsvector('english', coalesce(${journalEntries.title}, '')), 'A') || setweight(to_tsvector('english', ${journalEntries.body}), 'B')`,
      ),
    reflection: jsonb().$type<ReflectionResult>(),
    reflectedAt: timestamp('reflected_at', { withTimezone: true }),
    /**
     * Whether its words sounded like a crisis when last saved, to the crisis check or to the second reader: such an
     * entry is never sent to a model, even where the second reader alone heard it (docs/decisions/0051).
     */
    crisis: boolean().notNull().default(false),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [
    index('journal_entries_user_id_idx').on(t.userId, t.createdAt),
    // One GIN over the member and the words (btree_gin gives text its GIN operators): a search reads only that member's
    // entries holding the words, however many other members write (docs/decisions/0037).
    index('journal_entries_user_search_idx').using('gin', t.userId, t.search),
    check('journal_entries_body_check', sql`char_length(${t.body}) between 1 and ${sql.raw(String(JOURNAL_LIMITS.bodyChars))}`),
    check('journal_entries_title_check', sql`char_length(${t.title}) <= ${sql.raw(String(JOURNAL_LIMITS.titleChars))}`),
  ],
)

/**
 * Each progress update of a goal, as the member gave it (docs/product.md#stats): the Goals chart draws a goal's
 * progress over time from these. Kept from migration 0011 on; a goal's earlier history is not known.
 */
export const goalProgressUpdates = pgTable(
  'goal_progress_updates',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    currentValue: doublePrecision('current_value').notNull(),
    progress: integer().notNull(),
    createdAt: now('created_at'),
  },
  (t) => [
    index('goal_progress_updates_user_id_idx').on(t.userId, t.createdAt),
    index('goal_progress_updates_goal_id_idx').on(t.goalId, t.createdAt),
    check('goal_progress_updates_current_check', sql`${t.currentValue} >= 0`),
    check('goal_progress_updates_progress_check', sql`${t.progress} between 0 and 100`),
  ],
)

/**
 * The seven orb values of a member's week (docs/product.md#stats), kept as the week is lived so the Dimensions chart
 * shows what the orbs really showed; weeks before migration 0011 are reconstructed from the data that exists.
 */
export const dimensionSnapshots = pgTable(
  'dimension_snapshots',
  {
    userId: owner(),
    /** The Monday the week starts on, in the member's time zone. */
    weekStart: date('week_start').notNull(),
    scores: jsonb().$type<OrbScores>().notNull(),
    takenAt: now('taken_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
)

/**
 * How many members have a goal in each category: an earned tier's percentile is counted among them. Kept by triggers
 * on goals (migration 0007) in the transaction that adds or removes the goal, so reading it is one row however many
 * members there are (docs/decisions/0026). Each category's row is also the lock its counts change under.
 */
export const goalCategoryCounts = pgTable(
  'goal_category_counts',
  {
    categoryId: integer('category_id')
      .primaryKey()
      .references(() => goalCategories.id),
    members: integer().notNull().default(0),
  },
  (t) => [check('goal_category_counts_members_check', sql`${t.members} >= 0`)],
)

/** How many members have earned each tier, or a higher one, in each category: kept by triggers on achievements. */
export const goalTierCounts = pgTable(
  'goal_tier_counts',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => goalCategories.id),
    tier: text().notNull(),
    members: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.tier] }),
    check('goal_tier_counts_tier_check', sql`${t.tier} in (${TIER_SQL})`),
    check('goal_tier_counts_members_check', sql`${t.members} >= 0`),
  ],
)

/**
 * A line of a member's safety plan (docs/product.md#safety-plan): one of the Stanley-Brown steps, in the member's own
 * words, with a number to call where the step has one. Its id is the device's, so a line saved offline and sent again is
 * stored once. Private: only the plan's own routes, the export and the deletion read it (docs/decisions/0053).
 */
export const safetyPlanLines = pgTable(
  'safety_plan_lines',
  {
    id: uuid().primaryKey(),
    userId: owner(),
    step: text({ enum: SAFETY_PLAN_STEPS }).notNull(),
    text: text().notNull(),
    phone: text(),
    /** Its place among the step's lines, as the device gave it. */
    position: integer().notNull(),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [
    index('safety_plan_lines_user_id_idx').on(t.userId, t.step),
    check('safety_plan_lines_step_check', sql`${t.step} in (${wordList(SAFETY_PLAN_STEPS)})`),
    check('safety_plan_lines_text_check', sql`char_length(${t.text}) <= ${sql.raw(String(SAFETY_PLAN_LIMITS.lineChars))}`),
    check('safety_plan_lines_phone_check', sql`${t.phone} is null or (char_length(${t.phone}) <= ${sql.raw(String(SAFETY_PLAN_LIMITS.phoneChars))} and ${t.step} in (${wordList(STEPS_WITH_A_PHONE)}))`),
    check('safety_plan_lines_written_check', sql`${t.text} <> '' or ${t.phone} is not null`),
    check('safety_plan_lines_position_check', sql`${t.position} between 0 and ${sql.raw(String(SAFETY_PLAN_LIMITS.greatestPosition))}`),
  ],
)

// ── Reminders (docs/product.md#reminders, docs/decisions/0043) ───────────────────────────────

/** A member's reminders as they chose them in Settings; no row is every reminder off. Times are "HH:MM" in `time_zone`. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    quietStart: text('quiet_start').notNull().default('22:00'),
    quietEnd: text('quiet_end').notNull().default('08:00'),
    push: boolean().notNull().default(false),
    email: boolean().notNull().default(false),
    checkInOn: boolean('check_in_on').notNull().default(false),
    checkInTime: text('check_in_time').notNull(),
    recapOn: boolean('recap_on').notNull().default(false),
    recapDay: text('recap_day', { enum: WEEKDAYS }).notNull(),
    recapTime: text('recap_time').notNull(),
    practiceOn: boolean('practice_on').notNull().default(false),
    practiceTime: text('practice_time').notNull(),
    practiceDays: text('practice_days', { enum: WEEKDAYS }).array().notNull(),
    updatedAt: now('updated_at'),
  },
  (t) => [
    check('reminder_settings_recap_day_check', sql`${t.recapDay} in (${wordList(WEEKDAYS)})`),
    check('reminder_settings_practice_days_check', sql`${t.practiceDays} <@ array[${wordList(WEEKDAYS)}]::text[]`),
  ],
)

/** A browser's Web Push subscription (RFC 8030, keys of RFC 8291): one member's, the endpoint unique to it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: now('created_at'),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
)

/**
 * One row per reminder sent, written before it is sent: the key (member, reminder, the member's date) is what makes a
 * send happen once however many instances or duplicate jobs reach it.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: owner(),
    kind: text({ enum: REMINDER_KINDS }).notNull(),
    localDate: date('local_date').notNull(),
    sentAt: now('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.localDate] }), check('reminder_sends_kind_check', sql`${t.kind} in (${wordList(REMINDER_KINDS)})`)],
)

// ── Shared server state (docs/decisions/0003: everything lives in Postgres) ─────────────────

/** Fixed-window counters, incremented atomically with one upsert. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer().notNull(),
})

/**
 * Synthesised audio of Olo's lines, one member's at a time: keyed by a hash of the member, the voice, the model and the
 * text, so one member's cache hit says nothing of what another heard, and it goes when they do. Bounded by age and
 * total size, oldest first (olo/speech).
 */
export const speechCache = pgTable(
  'speech_cache',
  {
    hash: text().primaryKey(),
    userId: owner(),
    contentType: text('content_type').notNull(),
    audio: bytea().notNull(),
    /** The audio's length, so the cache's total size is summed without reading the audio. */
    bytes: integer().notNull(),
    createdAt: now('created_at'),
  },
  (t) => [index('speech_cache_user_id_idx').on(t.userId), index('speech_cache_created_at_idx').on(t.createdAt)],
)

/**
 * How many times a day Olo answered someone in crisis, and nothing else: no member, no text. It outlives every account,
 * for the yearly report California's SB 243 asks of operators (`npm run report:safety`).
 */
export const crisisResponseCounts = pgTable(
  'crisis_response_counts',
  {
    day: date().primaryKey(),
    count: integer().notNull(),
  },
  (t) => [check('crisis_response_counts_count_check', sql`${t.count} >= 0`)],
)
