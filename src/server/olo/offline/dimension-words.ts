/** The seven dimensions with their everyday words, and the keyword patterns that find them in an answer. */
import { DIMENSIONS, type Dimension } from '~/core/dimensions'
import { tidy } from './text'

/**
 * Each dimension's name and the everyday words that point to it, in keywordPattern's notation. Words too common to mean
 * one dimension ("feel", "love", "still") are left out on purpose.
 */
const DIMENSION_WORDS: Record<Dimension, readonly string[]> = {
  mind: [
    'mind', 'minds', 'mental*', 'focus*', 'concentrat*', 'study', 'studied', 'studies', 'studying', 'think*', 'thought*',
    'clarity', 'clear head', 'clear~headed', 'read', 'reading', 'book', 'books', 'brain', 'attention', 'idea*', 'puzzle*',
    'exam*', 'school', 'homework', 'overthink*', 'planning', 'curious', 'curiosity', 'memory', 'knowledge', 'sharp',
  ],
  body: [
    'body', 'bodies', 'physical*', 'exercis*', 'workout*', 'work out', 'working out', 'worked out', 'run', 'runs',
    'running', 'ran', 'jog*', 'gym', 'sport*', 'training', 'fitness', 'fit', 'sleep*', 'slept', 'nap*', 'health*', 'food',
    'eat', 'eating', 'ate', 'diet', 'nutrition', 'meal*', 'cook*', 'more rest', 'rested', 'resting', 'tired*', 'exhaust*',
    'energy', 'energi*', 'walk*', 'hike', 'hiking', 'yoga', 'swim*', 'cycling', 'bike', 'biking', 'stretch*', 'sick',
    'ill', 'illness', 'pain', 'steps', 'water', 'strength', 'strong', 'muscle*', 'weights', 'danc*', 'move', 'moving',
    'movement',
  ],
  heart: [
    'heart', 'feelings', 'emotion*', 'self~care', 'self~love', 'self~compassion', 'self~kindness', 'mood*', 'stress*',
    'anxi*', 'worr*', 'sad', 'sadness', 'happiness', 'joy*', 'cry*', 'cried', 'tears', 'overwhelm*', 'burn~out',
    'burnt out', 'calm*', 'upset', 'angry', 'anger', 'frustrat*', 'grief', 'griev*', 'kind to myself', 'heartbreak',
    'nervous', 'scared', 'fear*', 'journal*', 'emotional balance', 'inner peace', 'patience', 'gentle with myself',
  ],
  connection: [
    'connect*', 'friend*', 'family', 'families', 'partner*', 'husband', 'wife', 'spouse', 'boyfriend', 'girlfriend',
    'kid', 'kids', 'child', 'children', 'son', 'sons', 'daughter*', 'baby', 'mum', 'mom', 'mother', 'dad', 'father',
    'parent*', 'sister*', 'brother*', 'sibling*', 'grandma', 'grandpa', 'grandparent*', 'cousin*', 'colleague*',
    'co~worker*', 'team', 'teammate*', 'people', 'social*', 'community', 'relationship*', 'date', 'dates', 'dating',
    'neighbo*', 'lonely', 'loneliness', 'together', 'love life', 'romance', 'wedding', 'party', 'parties', 'loved ones',
  ],
  purpose: [
    'purpose*', 'work', 'works', 'working', 'worked', 'job', 'jobs', 'career*', 'meaning*', 'mission', 'business',
    'project*', 'boss', 'office', 'calling', 'direction', 'volunteer*', 'deadline*', 'client*', 'customer*', 'promotion',
    'money', 'financ*', 'contribut*', 'impact', 'vocation', 'ambition*', 'productiv*', 'why i do',
  ],
  growth: [
    'growth', 'grow*', 'learn*', 'skill*', 'courage*', 'brave*', 'habit*', 'progress*', 'improv*', 'challeng*',
    'practice', 'practise', 'practicing', 'practising', 'course*', 'class', 'classes', 'lesson*', 'comfort zone',
    'confiden*', 'disciplin*', 'change*', 'new things', 'something new', 'language*', 'develop*', 'better version',
    'self~improvement', 'goal*', 'routine*', 'resilien*', 'stretch myself',
  ],
  spirit: [
    'spirit*', 'soul', 'nature', 'outdoors', 'outside', 'forest*', 'woods', 'park', 'garden*', 'mountain*', 'sea', 'ocean',
    'beach', 'lake', 'river', 'sky', 'stars', 'sunset*', 'sunrise*', 'meditat*', 'mindful*', 'faith', 'pray*', 'church',
    'mosque', 'temple', 'synagogue', 'god', 'religio*', 'stillness', 'silence', 'silent', 'quiet', 'peace', 'peaceful',
    'wonder', 'awe', 'gratitude', 'grateful', 'thankful', 'universe', 'presence', 'present moment', 'breath*',
    'reflect*', 'sacred', 'beauty', 'something bigger', 'bigger than me', 'walk* in nature', 'walk* in the forest',
    'walk* in the woods',
  ],
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function keywordSource(keyword: string): string {
  return keyword
    .split(' ')
    .map((word) => {
      const body = word.replace(/\*$/, '').split('~').map(escapeRegExp).join('[\\s-]?')
      return word.endsWith('*') ? `${body}[a-z']*` : body
    })
    .join('[\\s-]+')
}

/**
 * One pattern for a list of keywords, the longest first so that "work out" wins over "work". A * ends a word with any
 * ending ("meditat*" reads "meditation" and "meditating"); a ~ joins parts that people write with a space, a hyphen or
 * nothing ("self~care").
 */
export function keywordPattern(keywords: readonly string[]): RegExp {
  const sources = [...keywords].sort((a, b) => b.length - a.length).map(keywordSource)
  return new RegExp(`(?<![a-z])(?:${sources.join('|')})(?![a-z])`, 'gi')
}

const DIMENSION_PATTERNS = DIMENSIONS.map((dimension) => ({ dimension, pattern: keywordPattern(DIMENSION_WORDS[dimension]) }))

/**
 * "Focus on", "work on" and the like frame the answer to "what would you like to focus on?" rather than name a
 * dimension: "I want to focus on my sleep" is about Body, not Mind, and "work on my fitness" is not about work.
 */
const FRAMING = /(?<![a-z])(?:focus(?:ing|ed)?|concentrat(?:e|ing)|work(?:ing)?)\s+on(?![a-z])/gi

/** The dimensions an answer points to, in the order it names them; where two words overlap the longer one counts. */
export function findDimensions(text: string): Dimension[] {
  const t = tidy(text).replace(FRAMING, (framing) => ' '.repeat(framing.length))
  const hits = DIMENSION_PATTERNS.flatMap(({ dimension, pattern }) =>
    [...t.matchAll(pattern)].map((match) => ({ dimension, start: match.index, end: match.index + match[0].length })),
  ).sort((a, b) => a.start - b.start || b.end - a.end)
  const found: Dimension[] = []
  let reach = 0
  for (const hit of hits) {
    if (hit.start < reach) continue
    reach = hit.end
    if (!found.includes(hit.dimension)) found.push(hit.dimension)
  }
  return found
}

/** The first dimension an answer names, if any. */
export function parseDimension(text: string): Dimension | undefined {
  return findDimensions(text)[0]
}
