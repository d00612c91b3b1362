import type { Dimension } from '~/core/dimensions'
import { keywordPattern } from './dimension-words'

interface Action {
  /** Starts with a verb, under 80 characters: it becomes a task the user ticks off next week. */
  text: string
  /** Words in the user's answers that make this action a better fit (see keywordPattern). */
  cues: readonly string[]
}

/** Small, concrete actions for the week ahead, at least five per dimension, written to be done and ticked off. */
export const ACTIONS: Record<Dimension, readonly Action[]> = {
  mind: [
    { text: 'Put your phone in another room for your first hour of work on two days', cues: ['phone*', 'distract*', 'scroll*', 'notification*', 'social media'] },
    { text: 'Read for 15 minutes before bed on three evenings', cues: ['read*', 'book*', 'screen*', 'evening*'] },
    { text: "Write tomorrow's three most important tasks before you stop each day", cues: ['busy', 'overwhelm*', 'task*', 'chaos', 'plan*', 'to~do'] },
    { text: 'Work in one 25-minute focus block with notifications off each day', cues: ['focus*', 'concentrat*', 'procrastinat*', 'study*'] },
    { text: 'Take a 10-minute walk without your phone to clear your head twice', cues: ['clarity', 'clear', 'overthink*', 'think*', 'head', 'foggy'] },
    { text: 'Spend 20 minutes learning about something you are curious about', cues: ['curious', 'curiosity', 'bored*', 'learn*', 'interest*'] },
    { text: 'Write down one thing you learned at the end of each day', cues: ['learn*', 'school', 'course', 'reflect*'] },
  ],
  body: [
    { text: 'Walk for 20 minutes after lunch on three days', cues: ['walk*', 'sit*', 'desk', 'sedentary', 'outside'] },
    { text: 'Go to bed 30 minutes earlier on three nights', cues: ['sleep*', 'slept', 'tired*', 'exhaust*', 'late', 'night*'] },
    { text: 'Drink a glass of water before each meal', cues: ['water', 'headache*', 'thirst*', 'coffee', 'drink*'] },
    { text: 'Stretch for 10 minutes after waking on four mornings', cues: ['stiff*', 'back', 'neck', 'sore', 'stretch*', 'morning*'] },
    { text: 'Do two 30-minute workouts you enjoy this week', cues: ['exercis*', 'workout*', 'gym', 'run*', 'sport*', 'fit*', 'training'] },
    { text: 'Cook one fresh, simple meal at home on three evenings', cues: ['food', 'eat*', 'cook*', 'takeaway', 'diet', 'meal*'] },
    { text: 'Switch off screens 30 minutes before sleep on three nights', cues: ['screen*', 'phone*', 'scroll*', 'netflix', 'insomnia'] },
  ],
  heart: [
    { text: 'Write three lines about how you feel each evening', cues: ['feel*', 'emotion*', 'mood*', 'journal*'] },
    { text: 'Pause to name one feeling each day before you react to it', cues: ['angry', 'anger', 'react*', 'frustrat*', 'snap*', 'irritat*'] },
    { text: 'Give yourself one guilt-free hour of something you love', cues: ['self~care', 'guilt*', 'burn~out', 'drained', 'treat*', 'hobby'] },
    { text: 'Note three things that went well before bed each night', cues: ['sad*', 'low', 'down', 'negative', 'bad', 'hard'] },
    { text: 'Say no to one thing that drains you this week', cues: ['overwhelm*', 'busy', 'stress*', 'drain*', 'too much', 'pressure'] },
    { text: 'Take five slow breaths whenever you notice stress rising', cues: ['stress*', 'anxi*', 'tense', 'worr*', 'panic*', 'nervous'] },
    { text: 'Speak to yourself as you would to a good friend when things go wrong', cues: ['critic*', 'myself', 'mistake*', 'fail*', 'kind*'] },
  ],
  connection: [
    { text: "Call one friend or family member you haven't spoken to lately", cues: ['miss*', 'lonely', 'loneliness', 'call*', 'far away'] },
    { text: 'Share one phone-free meal with someone you love', cues: ['family', 'partner*', 'dinner', 'meal*', 'kids', 'husband', 'wife'] },
    { text: 'Send three messages of thanks or encouragement to people you know', cues: ['thank*', 'grateful', 'appreciat*', 'friend*'] },
    { text: 'Plan one outing with a friend for the weekend', cues: ['weekend', 'fun', 'social*', 'friend*', 'party'] },
    { text: 'Ask a colleague how they are doing, and really listen to the answer', cues: ['colleague*', 'co~worker*', 'team', 'office', 'work'] },
    { text: 'Give 20 minutes of full, phone-free attention to someone at home', cues: ['partner*', 'kids', 'children', 'son', 'daughter', 'home'] },
    { text: 'Write a short note to someone who matters to you', cues: ['letter', 'note', 'matter*', 'love*', 'card'] },
  ],
  purpose: [
    { text: 'Block one hour for your most meaningful task before noon on two days', cues: ['work', 'job', 'project*', 'task*', 'priorit*'] },
    { text: 'Write one sentence on why your work matters to you', cues: ['meaning*', 'why', 'motivat*', 'purpose', 'bored*', 'pointless'] },
    { text: 'Finish one task you have been putting off', cues: ['procrastinat*', 'put off', 'putting off', 'delay*', 'stuck', 'avoid*'] },
    { text: 'Note one moment each day when your work felt worthwhile', cues: ['worth*', 'satisf*', 'proud', 'impact', 'help*'] },
    { text: 'Set one clear goal on Monday and review it on Friday', cues: ['goal*', 'direction', 'plan*', 'career', 'lost', 'unclear'] },
    { text: 'Spend 30 minutes on a side project or idea you care about', cues: ['project*', 'idea*', 'passion*', 'dream*', 'business', 'creative'] },
    { text: 'Leave work on time on three days to protect your evenings', cues: ['overtime', 'late', 'boss', 'long hours', 'balance', 'deadline*'] },
  ],
  growth: [
    { text: 'Practise a new skill for 15 minutes on three days', cues: ['skill*', 'practi*', 'instrument', 'guitar', 'piano', 'language*'] },
    { text: 'Do one small thing this week that feels a little brave', cues: ['courage*', 'brave*', 'fear*', 'scared', 'comfort zone', 'confiden*', 'shy'] },
    { text: 'Tick off one new habit on a calendar each day you do it', cues: ['habit*', 'routine*', 'consisten*', 'disciplin*'] },
    { text: 'Ask someone you trust for honest feedback on one thing you do', cues: ['feedback', 'improv*', 'better', 'review*'] },
    { text: 'Write down one lesson from a mistake or a hard moment', cues: ['mistake*', 'fail*', 'hard', 'difficult', 'lesson*', 'setback*'] },
    { text: 'Sign up for one class, course or workshop that interests you', cues: ['course*', 'class*', 'learn*', 'study*', 'workshop*'] },
    { text: 'Review your progress on Sunday and write down one win', cues: ['progress*', 'goal*', 'win*', 'achiev*', 'growth'] },
  ],
  spirit: [
    { text: 'Spend 20 minutes outside in nature without your phone', cues: ['nature', 'outside', 'outdoors', 'park', 'forest*', 'woods'] },
    { text: 'Sit in silence for five minutes each morning', cues: ['quiet', 'silence', 'still*', 'calm*', 'peace*', 'noise', 'noisy'] },
    { text: 'Write down one thing that filled you with wonder each day', cues: ['wonder', 'awe', 'beauty', 'beautiful', 'amaz*'] },
    { text: 'Watch a sunrise or sunset once this week', cues: ['sky', 'sun*', 'evening*', 'morning*', 'light'] },
    { text: 'Meditate for 10 minutes on four days', cues: ['meditat*', 'mindful*', 'breath*', 'present'] },
    { text: 'Take a few minutes each morning for prayer or quiet reflection', cues: ['faith', 'pray*', 'church', 'god', 'soul', 'reflect*'] },
    { text: 'Take one slow walk, noticing five things you can hear and see', cues: ['walk*', 'notice*', 'senses', 'slow*', 'rush*'] },
  ],
}

/**
 * The actions that fit what the user said best, then the next ones in a rotation set by the conversation's seed, so that
 * two users with the same dimension don't always get the same week.
 */
export function recommend(dimension: Dimension, answers: string, count: number, seed: number): string[] {
  const actions = ACTIONS[dimension]
  return actions
    .map((action, index) => ({
      text: action.text,
      fit: [...answers.matchAll(keywordPattern(action.cues))].length,
      order: (index + seed) % actions.length,
    }))
    .sort((a, b) => b.fit - a.fit || a.order - b.order)
    .slice(0, count)
    .map(({ text }) => text)
}
