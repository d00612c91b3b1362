/**
 * Goal creation: a wish, a measurable target with its unit, and a timeframe, taken from whichever messages hold them
 * ("I want to run 100 km in 3 months" holds all three). A wish that can't be counted gets a countable version offered.
 */
import type { GoalResult } from '~/core/olo'
import type { Answers, Turn } from './turn'
import { capitalise, describeDays, formatAmount, pick, seedOf, shorten, toSecondPerson } from './phrasing'
import { keywordPattern } from './dimension-words'
import { countNoun, extractGoal, mentionsDate, type Quantity } from './quantities'
import { isAffirmative, isUnusable } from './yes-no'

/** A countable version of a wish that has no number in it, such as "be calmer" → 20 meditation sessions. */
interface Plan {
  /** Words in the wish that call for this plan (see keywordPattern). */
  cues: readonly string[]
  /** The goal category this plan suits when the wish itself gives no clue. */
  category?: string
  /** Names the plan when the user counts in a unit of their own: "Meditation: 10 minutes a day". */
  label: string
  verb: string
  /** What is counted, as said in a title; contains the unit. */
  phrase: string
  unit: string
  amount: number
}

/** Checked in order, so the specific ("stop smoking") comes before the broad ("health"). */
const PLANS: readonly Plan[] = [
  { cues: ['smok*', 'cigarette*', 'vap*'], label: 'Smoke-free days', verb: 'Have', phrase: 'smoke-free days', unit: 'days', amount: 30 },
  { cues: ['alcohol', 'drinking', 'sober*', 'booze'], label: 'Alcohol-free days', verb: 'Have', phrase: 'alcohol-free days', unit: 'days', amount: 30 },
  { cues: ['sugar', 'sweets', 'junk food', 'snack*'], label: 'Sugar-free days', verb: 'Have', phrase: 'sugar-free days', unit: 'days', amount: 30 },
  {
    cues: ['phone*', 'screen*', 'social media', 'scroll*', 'instagram', 'tiktok', 'netflix'],
    label: 'Phone-free evenings', verb: 'Have', phrase: 'phone-free evenings', unit: 'evenings', amount: 20,
  },
  {
    cues: ['calm*', 'relax*', 'stress*', 'peace*', 'meditat*', 'mindful*', 'anxi*', 'present', 'quiet*', 'breath*', 'zen'],
    label: 'Meditation', verb: 'Complete', phrase: 'meditation sessions', unit: 'sessions', amount: 20,
  },
  { cues: ['sleep*', 'rest', 'rested', 'tired', 'bed*', 'insomnia'], label: 'Good sleep', verb: 'Get', phrase: 'nights of good sleep', unit: 'nights', amount: 30 },
  {
    cues: ['fit*', 'healthy', 'health*', 'strong*', 'exercis*', 'workout*', 'work out', 'gym', 'shape', 'active', 'move', 'moving', 'energy', 'weight', 'muscle*', 'yoga', 'sport*'],
    category: 'Health & Fitness', label: 'Workouts', verb: 'Complete', phrase: 'workouts', unit: 'workouts', amount: 24,
  },
  {
    cues: ['family', 'kids', 'children', 'parents', 'mom', 'mum', 'mother', 'dad', 'father', 'sister', 'brother', 'grandma', 'grandpa', 'grandparents'],
    category: 'Home & Family', label: 'Family time', verb: 'Share', phrase: 'family evenings', unit: 'evenings', amount: 12,
  },
  {
    cues: ['friend*', 'social*', 'connect*', 'partner*', 'lonely', 'relationship*', 'people', 'dating', 'network*'],
    category: 'Relationships', label: 'Catch-ups', verb: 'Have', phrase: 'catch-ups with friends', unit: 'catch-ups', amount: 12,
  },
  { cues: ['kind*', 'generous', 'help others', 'volunteer*', 'give back'], label: 'Kindness', verb: 'Do', phrase: 'acts of kindness', unit: 'acts of kindness', amount: 20 },
  {
    cues: ['learn*', 'skill*', 'language*', 'study*', 'knowledge', 'smarter', 'course*', 'spanish', 'french', 'german', 'italian', 'coding', 'code'],
    category: 'Mind & Learning', label: 'Study', verb: 'Complete', phrase: 'study sessions', unit: 'sessions', amount: 30,
  },
  {
    cues: ['writ*', 'creativ*', 'art', 'draw*', 'paint*', 'music', 'guitar', 'piano', 'sing*', 'craft*', 'photo*', 'create'],
    category: 'Creativity', label: 'Creative practice', verb: 'Complete', phrase: 'creative sessions', unit: 'sessions', amount: 20,
  },
  { cues: ['confiden*', 'brave*', 'courage*', 'fear*', 'shy', 'comfort zone', 'assertive'], label: 'Brave steps', verb: 'Take', phrase: 'brave steps', unit: 'brave steps', amount: 10 },
  {
    cues: ['grateful', 'gratitude', 'positive', 'happ*', 'journal*', 'mood', 'self~love', 'self~care'],
    label: 'Journaling', verb: 'Write', phrase: 'journal entries', unit: 'entries', amount: 30,
  },
  { cues: ['money', 'sav*', 'debt*', 'financ*', 'budget*', 'rich', 'wealth*', 'invest*'], category: 'Money', label: 'Saving', verb: 'Save', phrase: 'euros', unit: 'euros', amount: 1000 },
  {
    cues: ['career', 'job', 'promot*', 'work', 'business', 'productiv*', 'boss', 'project*'],
    category: 'Purpose & Career', label: 'Focused work', verb: 'Complete', phrase: 'focused work sessions', unit: 'sessions', amount: 20,
  },
  {
    cues: ['travel*', 'explor*', 'adventur*', 'trip*', 'world', 'abroad', 'countr*', 'hik*'],
    category: 'Adventure & Travel', label: 'New places', verb: 'Visit', phrase: 'new places', unit: 'places', amount: 5,
  },
  { cues: ['home', 'house', 'tidy', 'declutter*', 'organi*', 'clean*', 'mess*'], label: 'Decluttering', verb: 'Declutter', phrase: 'spaces at home', unit: 'spaces', amount: 10 },
]

const ANY_PLAN: Plan = { cues: [], label: 'Practice', verb: 'Complete', phrase: 'practice sessions', unit: 'sessions', amount: 20 }

const CUED_PLANS = PLANS.map((plan) => ({ plan, pattern: keywordPattern(plan.cues) }))

function planFor(wish: string | undefined, category: string | undefined): Plan {
  const fromWish = wish === undefined ? undefined : CUED_PLANS.find(({ pattern }) => wish.search(pattern) >= 0)?.plan
  return fromWish ?? PLANS.find((plan) => plan.category === category) ?? ANY_PLAN
}

/** What a verb is usually counted in, so "I want to run more" can be asked "how many kilometres?". */
const VERB_UNITS: Record<string, string> = {
  run: 'km', jog: 'km', walk: 'km', hike: 'km', cycle: 'km', bike: 'km', ride: 'km', swim: 'km', row: 'km',
  read: 'books', save: 'euros', earn: 'euros', raise: 'euros', invest: 'euros', donate: 'euros', write: 'pages',
  meditate: 'sessions', practise: 'sessions', practice: 'sessions', train: 'workouts', exercise: 'workouts',
  visit: 'places', cook: 'meals', bake: 'cakes', paint: 'paintings', draw: 'drawings', volunteer: 'hours', study: 'hours',
}

/** The verb of a title when the wish had none ("100 km" → "Cover 100 km"). */
const UNIT_VERBS: Record<string, string> = {
  books: 'Read', pages: 'Read', chapters: 'Read', articles: 'Read', km: 'Cover', miles: 'Cover', steps: 'Walk',
  euros: 'Save', dollars: 'Save', pounds: 'Save', stories: 'Write', poems: 'Write', songs: 'Write', entries: 'Write',
  words: 'Write', meals: 'Cook', recipes: 'Cook', places: 'Visit', countries: 'Visit', cities: 'Visit',
  paintings: 'Make', drawings: 'Make', hours: 'Spend', minutes: 'Spend', kg: 'Reach', lbs: 'Reach', percent: 'Reach',
}

const SUGGESTED_AMOUNTS: Record<string, number> = {
  km: 50, miles: 30, books: 6, pages: 100, euros: 1000, dollars: 1000, pounds: 1000, kg: 5, lbs: 10, hours: 20,
  minutes: 300, sessions: 20, workouts: 24, places: 5, meals: 20,
}

const SPOKEN_UNITS: Record<string, string> = { km: 'kilometres', kg: 'kilos', lbs: 'pounds' }
const CURRENCY_UNITS = new Set(['euros', 'dollars', 'pounds'])
const RATE_WORDS: Record<number, string> = { 1: 'a day', 7: 'a week', 30: 'a month', 365: 'a year' }

/** Three months suits most goals: long enough to build a habit, short enough to stay in view. */
const DEFAULT_DAYS = 90

const PIECES = ['wish', 'target', 'timeframe'] as const
type Piece = (typeof PIECES)[number]

/** Re-asks per piece. The timeframe has a good default, so one re-ask is enough; 3 + 3 + 2 answers fit 8 turns. */
const MAX_REASKS: Record<Piece, number> = { wish: 2, target: 2, timeframe: 1 }

interface Goal {
  stage: Piece | 'done'
  misses: number
  /** Pieces Olo stopped asking for; the result uses a default for them. */
  skipped: readonly Piece[]
  wish?: string
  verb?: string
  noun?: string
  reason?: string
  target?: Quantity
  /** The target came with the wish ("do 20 yoga sessions"), so the title keeps the user's own verb and unit. */
  targetInWish: boolean
  days?: number
  /** The last answer named a date, which Olo can't count days to. */
  dated: boolean
}

const START: Goal = { stage: 'wish', misses: 0, skipped: [], targetInWish: false, dated: false }

function has(goal: Goal, piece: Piece): boolean {
  if (piece === 'wish') return goal.wish !== undefined
  if (piece === 'target') return goal.target !== undefined
  return goal.days !== undefined
}

/** The unit the wish itself counts in, if it has one: "books" in "read more books", "km" for "run". */
function wishUnit(goal: Goal): string | undefined {
  return goal.noun ?? VERB_UNITS[goal.verb?.split(' ')[0] ?? '']
}

/** The countable version Olo offers, only when the wish doesn't count in anything by itself. */
function offeredPlan(goal: Goal, category: string | undefined): Plan | undefined {
  return wishUnit(goal) === undefined && !goal.targetInWish ? planFor(goal.wish, category) : undefined
}

function suggestion(goal: Goal, category: string | undefined): Quantity {
  const plan = offeredPlan(goal, category)
  if (plan) return { value: plan.amount, unit: plan.unit }
  const unit = wishUnit(goal) ?? ANY_PLAN.unit
  return { value: SUGGESTED_AMOUNTS[unit] ?? 10, unit }
}

function listen(goal: Goal, answer: string, category: string | undefined): Goal {
  if (goal.stage === 'done') return goal
  const pieces = extractGoal(answer)
  const next: Goal = { ...goal, dated: false }
  if (goal.stage === 'wish' && pieces.wish !== undefined && !isUnusable(answer)) {
    next.wish = pieces.wish
    next.verb = pieces.verb
    next.noun = pieces.noun
    next.reason = pieces.reason
    next.targetInWish = pieces.target !== undefined
  }
  // A number with a unit is always taken, so "actually, 150 km" corrects the target; a bare number only fills a gap.
  if (pieces.target && (next.target === undefined || pieces.target.unit !== undefined)) {
    next.target = pieces.target
    next.reason = pieces.reason ?? next.reason
  }
  if (pieces.days !== undefined) next.days = pieces.days
  if (goal.stage === 'target' && next.target === undefined && isAffirmative(answer)) next.target = suggestion(next, category)
  if (goal.stage === 'timeframe' && next.days === undefined) {
    if (isAffirmative(answer)) next.days = DEFAULT_DAYS
    next.dated = mentionsDate(answer)
  }
  const stage = PIECES.find((piece) => !has(next, piece) && !next.skipped.includes(piece)) ?? 'done'
  if (stage !== goal.stage) return { ...next, stage, misses: 0 }
  if (goal.misses < MAX_REASKS[stage]) return { ...next, misses: goal.misses + 1 }
  const skipped = [...next.skipped, stage]
  return { ...next, skipped, stage: PIECES.find((piece) => !has(next, piece) && !skipped.includes(piece)) ?? 'done', misses: 0 }
}

// ── The finished goal ───────────────────────────────────────────────────────────────────────────

interface Shaped {
  title: string
  target: number
  unit: string
  days: number
  description: string
}

/** Units that come in halves and tenths; sessions, books and evenings are counted whole. */
const MEASURED_UNITS = new Set(['km', 'miles', 'kg', 'lbs', 'hours', 'euros', 'dollars', 'pounds', 'percent'])

function rounded(value: number, unit?: string): number {
  if (unit !== undefined && !MEASURED_UNITS.has(unit)) return Math.round(value)
  return value >= 10 ? Math.round(value) : Math.round(value * 10) / 10
}

function shapeGoal(goal: Goal, category: string | undefined): Shaped {
  const plan = offeredPlan(goal, category)
  const given = goal.target ?? suggestion(goal, category)
  const unit = given.unit ?? wishUnit(goal) ?? plan?.unit ?? ANY_PLAN.unit
  const days = goal.days ?? DEFAULT_DAYS
  const rate = given.per === undefined ? '' : ` ${RATE_WORDS[given.per] ?? 'a day'}`
  const total = given.per === undefined ? given.value : rounded((given.value * days) / given.per)
  const target = total > 0 && total <= 1e12 ? total : given.value
  const amount = formatAmount(given.value)
  const counted = given.phrase ?? countNoun(unit, given.value)
  const verb = goal.verb ?? UNIT_VERBS[unit] ?? 'Complete'
  const usesPlan = plan !== undefined && (given.unit === undefined || given.unit === plan.unit)
  // A unit of the user's own for a plan Olo offered ("get fit" → "3 times a week") keeps the plan's name in the title.
  let title = usesPlan
    ? `${plan.verb} ${amount} ${plan.phrase.replace(plan.unit, countNoun(plan.unit, given.value))}${rate}`
    : plan && goal.wish !== undefined
      ? `${plan.label}: ${amount} ${counted}${rate}`
      : `${capitalise(verb)} ${amount} ${counted}${rate}`
  if (title.length > 60) title = `${capitalise(usesPlan && plan ? plan.verb : verb)} ${amount} ${countNoun(unit, given.value)}${rate}`

  const within = `within ${describeDays(days)}`
  const wish = goal.wish === undefined ? undefined : shorten(toSecondPerson(goal.wish), 120)
  const reason = goal.reason === undefined ? '' : `, ${shorten(toSecondPerson(goal.reason), 100)}`
  const sum = `${formatAmount(target)} ${countNoun(unit, target)}`
  let first: string
  if (wish === undefined) {
    first = `This goal gives you a clear, simple way to grow in ${category ?? 'your life'}: ${sum} ${within}.`
  } else if (plan) {
    first = `It turns your wish ${goal.verb ? 'to' : 'for'} ${wish} into something you can count: ${sum} ${within}.`
  } else {
    first = `You want to ${verb.toLowerCase()} ${amount} ${counted}${rate} ${within}${reason}.`
  }
  let second = ''
  if (given.per !== undefined) {
    if (plan === undefined) second = ` Over ${describeDays(days)}, that adds up to ${sum}.`
  } else if (unit !== 'percent') {
    const period = days >= 90 ? 30 : 7
    const pace = rounded((target * period) / days, unit)
    if (days >= period * 2 && pace >= 1) {
      second = ` That's about ${formatAmount(pace)} ${countNoun(unit, pace)} a ${period === 30 ? 'month' : 'week'}, a pace you can build steadily.`
    }
  }
  return { title, target, unit, days, description: first + second }
}

// ── Olo's questions ─────────────────────────────────────────────────────────────────────────────

const CATEGORY_EXAMPLES: Record<string, string> = {
  'Health & Fitness': 'running further, sleeping better or getting stronger',
  'Mind & Learning': 'reading more books or learning a language',
  Money: 'saving for something special or paying off a debt',
  Relationships: 'seeing friends more often or calling family every week',
  Creativity: 'writing, drawing or making music',
  'Purpose & Career': 'learning a skill for work or finishing a project',
  'Adventure & Travel': 'visiting new places or trying something new',
  'Home & Family': 'more evenings with your family or a calmer, tidier home',
}
const ANY_EXAMPLES = 'reading more, saving for something or moving your body'

function spoken(unit: string): string {
  return SPOKEN_UNITS[unit] ?? unit
}

function targetQuestion(goal: Goal, category: string | undefined): string {
  const plan = offeredPlan(goal, category)
  if (plan) {
    return `To make it something you can track, we could count ${plan.phrase}. Would ${plan.amount} feel right, or would you choose another number?`
  }
  const { value, unit = ANY_PLAN.unit } = suggestion(goal, category)
  if (CURRENCY_UNITS.has(unit)) return `How much would you like to ${goal.verb ?? 'save'}, for example ${formatAmount(value)} ${unit}?`
  return `How many ${spoken(unit)} would you like to ${goal.verb ?? 'aim for'}, for example ${formatAmount(value)}?`
}

function question(goal: Goal, stage: Piece, category: string | undefined, seed: number): string {
  const { misses } = goal
  if (stage === 'wish') {
    if (misses === 0) return 'What would you like to achieve?'
    const examples = CATEGORY_EXAMPLES[category ?? ''] ?? ANY_EXAMPLES
    return misses === 1
      ? `That's alright, we can start small. Is there something you'd love to do more of, like ${examples}?`
      : `Even a rough idea is enough, like ${ANY_EXAMPLES}. What would you like to achieve?`
  }
  if (stage === 'target') {
    const { value, unit = ANY_PLAN.unit } = suggestion(goal, category)
    const example = `${formatAmount(value)} ${spoken(unit)}`
    if (misses === 0) {
      const ack = goal.wish === undefined
        ? "Let's make it concrete together."
        : pick(['That sounds worth working towards.', 'I like that aim.', "That's a lovely thing to aim for."], seed)
      return `${ack} ${targetQuestion(goal, category)}`
    }
    return misses === 1
      ? `A number is all I need here, for example ${example}. How many would you like to aim for?`
      : `Any number works, and you can change it later. Shall we say ${example}?`
  }
  if (misses === 0) return `${shapeGoal(goal, category).title} it is. By when would you like to get there, for example in 3 months?`
  const ask = goal.dated
    ? "I can't see a calendar from here, so roughly how many weeks or months is that from now?"
    : 'Roughly how long would you like to give yourself, in weeks or months?'
  return `${ask} If you're not sure, 3 months is a gentle place to start.`
}

export function goalTurn({ texts, wrapUp }: Answers, goalCategory?: string): Turn<GoalResult> {
  const goal = texts.reduce((so: Goal, text) => listen(so, text, goalCategory), START)
  if (goal.stage !== 'done' && !wrapUp) return { ask: question(goal, goal.stage, goalCategory, seedOf(texts)) }
  const shaped = shapeGoal(goal, goalCategory)
  return {
    close: `Wonderful, that's a goal worth working towards: ${shaped.title} within ${describeDays(shaped.days)}. I'll be cheering you on.`,
    result: {
      title: shaped.title,
      category: goalCategory ?? 'Personal',
      description: shaped.description,
      measurable_target: shaped.target,
      measurable_unit: shaped.unit,
      suggested_timeframe_days: shaped.days,
    },
  }
}
