/**
 * The distress reading (docs/decisions/0052-distress-is-never-a-result.md): whether words speak of dying, death,
 * self-harm or hopelessness, in the seven languages the crisis check reads. The crisis check decides when the help is
 * shown and must not cry wolf; this reading decides what a chat may keep as its result (an intention, a goal, a
 * reflection, a recap's tasks) and when a chat must not finish, so it is broad on purpose: a refused intention costs
 * one more question, a stored one would greet the member before every practice. Everything the crisis check catches,
 * it catches too.
 *
 * Messages are read in the crisis check's plain form (src/server/olo/safety.text.ts), so the same disguises decide
 * nothing here either, and the patterns are written in their languages' own spelling, as the crisis check's are.
 */
import type { ConversationKind } from '~/core/conversation-kinds'
import type { ConversationResult } from '~/core/olo'
import { isCrisisMessage } from './safety'
import { normalise, phrase, unless } from './safety.text'

/** How many words either side of where the newest message begins are read together, and the characters that hold them. */
const WORDS_ACROSS = 12
const TAIL_CHARS = 600

/** The clause ends here: the end of the words, or a clause mark ("I want to end my." / "end my"). */
const CLAUSE_END = '(?=$|\\x20\\.)'

const MYSELF = '(?:my ?self|meself|my ?sef)'

const ENGLISH = [
  // Death and dying, whatever surrounds them: an intention or a goal has no need of them.
  'dying|died|dead|deadly|death|deaths|funeral|coffin|corpse|murder[a-z]*|homicid[a-z]*',
  // "die" is also German's article ("die Ruhe"), so only where English puts it.
  '(?:to|2|i|wanna|gonna|would|could|should|might|just|rather|let me|then|shall|and|or) die|die (?:alone|soon|tonight|already|now|in my sleep|today|young|inside|slowly)',
  'su[iy]?[cs][iy]?d[a-z]*|suizid[a-z]*|un ?aliv[a-z]*|sewer ?slide|kms|kys|ctb',
  `kill(?:s|ed|ing|in)? (?:${MYSELF}|me|him|her|them|you|u|someone|somebody|everyone|everybody|people)`,
  `self ?(?:harm[a-z]*|injur[a-z]*|mutilat[a-z]*|destruct[a-z]*|hatred|loathing)|(?:hurt|hurting|harm|harming|cut|cutting|burn|burning|punish|punishing|starve|starving|hit|hitting|hate|hating|destroy|destroying) ${MYSELF}`,
  'overdos[a-z]*|od on|noose|sleeping pills|slit (?:my )?wrists?|razor ?blades?|gun to my head|hang (?:myself|me)',
  'jump(?:ing)? (?:off|from) (?:a|the|my) (?:bridge|building|roof|cliff|balcony|ledge|tower)|in front of (?:a|the) (?:train|bus|truck|lorry|car)',
  '(?:all|every one of|a bottle of|a handful of|enough)(?: of)? (?:my |the )?(?:pills|tablets|meds|sleeping pills)|(?:stockpil(?:e|es|ed|ing)|hoard[a-z]*|sav(?:e|ing|ed) up) (?:my |the |some )?(?:pills|tablets|meds)',
  'end(?:s|ed|ing)? (?:my life|it all|everything|my existence|my suffering|myself|the pain)|take (?:my|me) own life|take my life',
  // A thought cut off where its object would be: "I'm going to end my" / "life" is answered before the chat can finish.
  `end(?:s|ed|ing)? (?:it|my|me)${CLAUSE_END}|ending it`,
  "(?:don't|do not|never|no longer|not) (?:really |even )?(?:want to |wanna |wish to )?(?:be here|be around|be alive|exist|live|living|wake up)",
  `(?:don't|do not|no longer) (?:want to |wanna )?(?:go on|carry on|keep going)${CLAUSE_END}`,
  'stop existing|cease to exist|never (?:been )?born|(?:wish|want|wanna|hope) (?:i |to )?(?:was |were |be )?(?:gone|not here|not alive|asleep forever)',
  '(?:(?:want|wanting|wanted|wish|wishing|need|needing|going|ready) to|wanna|wish i could|could just|gonna|i) (?:just )?(?:disappear|vanish)|(?:disappear|vanish) (?:forever|for good|completely|and never come back)',
  'never wake up|not wake up|sleep forever|sleep and never|eternal sleep',
  'burden|better off (?:without me|dead|if i)|(?:no one|nobody|noone) (?:would |will )?(?:even |really )?(?:care|cares|miss me|notice)|(?:happier|better) without me',
  'hopeless[a-z]*|no hope|lost (?:all )?hope|give up hope|gave up hope|despair[a-z]*|desperate[a-z]*',
  "worthless[a-z]*|(?:feel|i'm|i am|so) (?:so |completely |totally )?useless|a waste of (?:space|air|oxygen)|(?:i'm|i am|i feel like) (?:such |a total |just |nothing but )?a failure|hate (?:myself|my life|living|being alive|everything)",
  "pointless|(?:no point|no reason) (?:in |to )?(?:living|life|anything|trying|going on|any of this|existing|it all|live|go on|keep going|be here|try)|(?:what's|whats|what is) the point(?: of (?:it|it all|anything|any of (?:it|this)|living|life|trying|going on))?" + CLAUSE_END,
  'nothing matters|nothing to live for|no future|no way out|trapped',
  "(?:can't|cannot|can not) (?:go on|cope|take (?:it|this) anymore|do (?:this|it) anymore|keep going|handle (?:it|this|life) anymore)",
  `give up on (?:life|living|everything|myself|me)|giving up on (?:life|living|everything|myself)|(?:want to |wanna |ready to |going to |gonna |just |i )give up${CLAUSE_END}`,
  `(?:tired|sick) of (?:living|life|being alive|existing)|(?:done with|had enough of) (?:life|living)|(?:i'm|i am) done${CLAUSE_END}`,
  "(?:feel|feeling|i am|i'm) (?:so |completely |totally )?(?:numb|empty|nothing|hollow)|(?:empty|dead|numb) inside",
  'goodbye (?:forever|everyone|everybody|world|cruel world)|(?:final|last) goodbye|(?:say|saying|said) goodbye to (?:everyone|everybody|the world)',
  'giv(?:e|ing) away (?:all )?my (?:things|stuff|belongings)|(?:suicide|goodbye) note|(?:won\'t|will not) be (?:here|around) (?:much longer|anymore|tomorrow)',
]

const SPANISH = [
  'muerte|muert[oa]s?|morir(?:me|se)?|muero|muera|muriera|matarme|suicid[a-z]*',
  'quitar(?:me)? (?:la|mi) (?:propia )?vida|(?:acabar|terminar) con (?:todo|mi vida)|poner fin a (?:todo|mi vida)',
  'hacerme daño|lastimarme|herirme|quemarme|autolesi[a-z]*|cortarme' + unless('el pelo|el cabello|las uñas|la barba|el flequillo|las puntas'),
  '(?:quiero|quisiera|ojalá pudiera|solo quiero) desaparecer|desaparecer para siempre|dejar de existir|dormir para siempre',
  'no (?:quiero|quisiera) (?:vivir|existir|despertar|estar aquí)|no despertar(?:me)? (?:nunca|jamás|más)|no quiero seguir' + CLAUSE_END,
  'sin esperanza|desesperanza[a-z]*|desesperad[oa]s?|sin salida|no hay salida|no puedo más|no aguanto más|no puedo seguir',
  '(?:la|mi) vida no (?:tiene|vale)|no vale la pena (?:vivir|seguir)|nada tiene sentido|nada importa|(?:mi vida|la vida|vivir) (?:es |está )?sin sentido',
  '(?:soy|ser|me siento) una carga|mejor sin mí|nadie me (?:echaría de menos|extrañaría|quiere)|a nadie le importo|me odio|odio mi vida|no valgo nada',
  'me siento (?:inútil|vací[oa]|muert[oa])|vací[oa] por dentro|(?:cansad[oa]|hart[oa]) de (?:vivir|la vida|todo)|me rindo' + CLAUSE_END,
  'soga|horca|la cuerda (?:guardada|lista|preparada)|somníferos|(?:todas|todos) (?:mis|las|los) (?:pastillas|medicamentos)',
  'adiós (?:para siempre|a todos|mundo)|carta de despedida|regalar (?:todas )?mis cosas',
]

const FRENCH = [
  "mort|morte|morts|mortes|mourir|meurs|meurt|décès|suicid[a-z]*|me tuer|me supprimer|en finir|mettre fin à (?:mes jours|ma vie|tout)|me foutre en l'air|m'ôter la vie",
  'me faire du mal|me blesser|me couper|me scarifier|automutil[a-z]*',
  "(?:veux|voudrais|aimerais) disparaître|disparaître (?:pour toujours|à jamais)|ne plus (?:me réveiller|exister|vivre)|plus envie de vivre|(?:veux|voudrais) (?:plus|pas) vivre|arrêter d'exister",
  "sans espoir|désespoir|désespéré(?:e|s|es)?|n'en peux plus|ne peux plus (?:continuer|vivre)|plus la force|à quoi bon|pas d'issue|aucune issue",
  "(?:la|ma) vie n'a (?:plus )?(?:aucun )?sens|rien n'a (?:plus )?de sens|rien ne compte|un fardeau|mieux sans moi|personne ne me regretterait|je me déteste|je déteste ma vie|je ne vaux rien",
  "(?:me sens|suis) (?:tellement |vraiment )?(?:inutile|vide)|vide à l'intérieur|(?:fatigué|fatiguée|marre|las|lasse) de (?:vivre|la vie|tout)|ras le bol de (?:la vie|tout)|j'abandonne" + CLAUSE_END,
  'potence|somnifères|(?:toutes|tous) mes (?:pilules|médicaments|cachets)',
  "adieu (?:à tous|pour toujours|le monde)|lettre d'adieu|donner toutes mes affaires",
]

const GERMAN = [
  'tod|tode|todes|tot sein|(?:bin|wäre|wär|lieber|am liebsten) tot|sterben|stirb|stirbt|gestorben|umbringen|umzubringen|bringe? mich um|töten|selbstmord[a-z]*|suizid[a-z]*|freitod|lebensmüde',
  'das leben nehmen|mir das leben|mich (?:verletzen|ritzen|schneiden)|ritzen|selbstverletz[a-z]*|mir (?:weh tun|wehtun|etwas antun|was antun)',
  '(?:will|möchte|würde am liebsten) (?:einfach )?verschwinden|für immer verschwinden|nicht mehr (?:aufwachen|leben|da sein|existieren)|für immer schlafen',
  `hoffnungslos[a-z]*|keine hoffnung|verzweifel[a-z]*|ich (?:kann|will) nicht mehr${CLAUSE_END}|keinen sinn|sinnlos|kein ausweg|ausweglos`,
  '(?:bin|bin nur) eine last|zur last|besser ohne mich|niemand würde mich vermissen|ich hasse mich|ich hasse mein leben|wertlos|nutzlos',
  `(?:innerlich|so|fühle mich) leer|keine kraft mehr|alles egal|(?:ich )?gebe auf${CLAUSE_END}|alles aufgeben|mich aufgeben`,
  'strick|schlaftabletten|alle (?:meine )?(?:tabletten|pillen)',
  'lebewohl|abschiedsbrie[a-z]*|verschenke (?:all )?meine (?:sachen|habseligkeiten)',
]

const PORTUGUESE = [
  'morte|mort[oa]s?|morrer|morra|morreria|me matar|matar-me|suicid[a-z]*|tirar (?:a )?(?:minha )?(?:própria )?vida|acabar com (?:tudo|a minha vida|minha vida)|pôr fim à (?:minha )?vida',
  'me (?:cortar|machucar|ferir|magoar)|(?:cortar|machucar|ferir)-me|automutila[a-z]*|autoles[a-z]*',
  '(?:quero|queria) (?:desaparecer|sumir)|(?:desaparecer|sumir) para sempre|deixar de existir|dormir para sempre|nunca mais acordar',
  `(?:não|nao) (?:quero|queria) (?:viver|existir|acordar|estar aqui)|(?:não|nao) quero continuar${CLAUSE_END}`,
  'sem esperança|desesperança|desesperad[oa]s?|(?:não|nao) (?:aguento|consigo) mais|sem saída|(?:não|nao) (?:há|tem) saída',
  '(?:a vida|minha vida|a minha vida) (?:não|nao) (?:tem|faz) (?:mais )?sentido|nada (?:mais )?(?:tem|faz) sentido|(?:não|nao) vale a pena viver',
  '(?:sou|ser) um (?:fardo|peso)|melhor sem mim|ninguém (?:sentiria|vai sentir) (?:a )?minha falta|me odeio|odeio (?:a )?minha vida|(?:não|nao) valho nada',
  `(?:me sinto|sinto-me|estou) (?:tão )?(?:inútil|vazi[oa])|vazi[oa] por dentro|cansad[oa] de viver|desistir de (?:tudo|viver|mim)|desisto${CLAUSE_END}`,
  'enforcar(?:-me)?|soníferos|(?:todos|todas) (?:os|as) (?:meus |minhas )?(?:comprimidos|remédios|pílulas)',
  'adeus (?:para sempre|a todos|mundo)|carta de despedida',
]

const ITALIAN = [
  'morte|mort[oaie]|morire|muoio|muoia|morirei|uccidermi|ammazzarmi|togliermi la vita|farla finita|finirla|suicid[a-z]*|porre fine alla (?:mia )?vita',
  'farmi del male|tagliarmi|ferirmi|bruciarmi|autolesion[a-z]*',
  '(?:voglio|vorrei) (?:sparire|scomparire)|(?:sparire|scomparire) per sempre|non (?:voglio|vorrei) più (?:vivere|esistere|esserci|svegliarmi)|non svegliarmi più|dormire per sempre|smettere di esistere|non esserci più',
  "senza speranza|dispera[a-z]*|non ce la faccio più|non ne posso più|non posso più andare avanti|(?:nessuna|senza) via d'uscita",
  '(?:la vita|la mia vita) non ha (?:più )?senso|(?:niente|nulla) ha (?:più )?senso|sono un peso|meglio senza di me|nessuno sentirebbe la mia mancanza|mi odio|odio la mia vita|non valgo niente',
  `(?:mi sento|sono) (?:così )?(?:inutile|vuot[oa])|vuot[oa] dentro|stanc[oa] di vivere|mi arrendo${CLAUSE_END}`,
  'cappio|sonniferi|(?:tutte|tutti) (?:le|i) (?:mie |miei )?(?:pillole|pasticche|farmaci)',
  "addio (?:per sempre|a tutti|mondo)|lettera d'addio",
]

const DUTCH = [
  'dood|doden|doodgaan|dood gaan|sterven|sterf|sterft|overleden|zelfmoord[a-z]*|suïcid[a-z]*|van kant maken|er een (?:eind|einde) aan maken|uit het leven stappen',
  'mezelf (?:pijn doen|snijden|beschadigen|verwonden|iets aandoen|doden|ombrengen)|zelfbeschadig[a-z]*',
  '(?:wil|zou willen) (?:gewoon )?verdwijnen|voorgoed verdwijnen|er niet meer (?:zijn|willen zijn)|niet meer (?:wakker worden|leven|bestaan)|nooit meer wakker|voor altijd slapen',
  `hopeloos|geen hoop|wanhop[a-z]*|ik (?:kan|wil) niet meer${CLAUSE_END}|geen uitweg|uitzichtloos|zinloos`,
  '(?:het leven|mijn leven) heeft geen zin|niets heeft (?:nog )?zin|geen zin meer in (?:het leven|alles|leven)|een last|tot last|beter (?:af )?zonder mij|niemand (?:zou|zal) me missen',
  `ik haat mezelf|ik haat mijn leven|waardeloos|(?:voel me|ben) (?:zo )?(?:leeg|nutteloos)|leeg van binnen|levensmoe|moe van het leven|ik geef (?:het )?op${CLAUSE_END}`,
  'strop|slaappillen|al (?:mijn|m\'n) (?:pillen|medicijnen)',
  'vaarwel (?:allemaal|voor altijd|wereld)|afscheidsbrie[a-z]*',
]

const DISTRESS_PATTERNS: readonly RegExp[] = [
  ...[...ENGLISH, ...SPANISH, ...FRENCH, ...PORTUGUESE, ...ITALIAN, ...DUTCH].map((source) => phrase(source)),
  ...GERMAN.map((source) => phrase(source, { umlauts: true })),
]

/**
 * Long words only misspelt into themselves, in their plain form (doubled letters squeezed): one letter off still reads
 * as them ("sucide", "hopelss", "selbstmrd"). Shorter words are left to the patterns, since one letter turns them into
 * everyday ones ("morire" and "dormire", "muerte" and "suerte").
 */
const LONG_WORDS = ['suicide', 'suicidal', 'suicidio', 'suicidarme', 'suicidaire', 'selbstmord', 'zelfmord', 'hopeles', 'worthles', 'hopelos', 'hofnungslos', 'unalive']

/** Verbs that, before a misspelt "myself" ("kil myslef", "hurt mysefl"), make it self-harm. */
const TO_ONESELF = /^(?:ki?l|k1l|kyl|kel|hurt|harm|cut|stab|hang|shot|shoot|burn|starve|drown|poison|end|delete)(?:s|ed|ing|in)?$/

/**
 * Optimal string alignment distance, stopped as soon as it exceeds `most`. A misspelling keeps one of its first two
 * letters, which leaves most words out at once.
 */
function withinEdits(a: string, b: string, most: number): boolean {
  if (Math.abs(a.length - b.length) > most || (a[0] !== b[0] && a[1] !== b[1])) return false
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1)
      current.push(best)
    }
    if (current.every((edits) => edits > most)) return false
    before = previous
    previous = current
  }
  return previous[b.length]! <= most
}

function misspelt(normalised: string): boolean {
  const words = normalised.split(' ').map((word) => word.replaceAll('1', 'i'))
  return words.some((word, at) => {
    if (word.length >= 6 && LONG_WORDS.some((long) => withinEdits(word, long, 1))) return true
    const next = words[at + 1]
    return TO_ONESELF.test(word) && next !== undefined && next.startsWith('m') && next.length >= 4 && withinEdits(next, 'myself', 2)
  })
}

/** True when the words speak of dying, death, self-harm or hopelessness; always when the crisis check answers with help. */
export function speaksOfDistress(text: string): boolean {
  if (isCrisisMessage(text)) return true
  const normalised = normalise(text)
  return normalised !== '' && (DISTRESS_PATTERNS.some((pattern) => pattern.test(normalised)) || misspelt(normalised))
}

/**
 * True when the newest of a chat's latest user messages (oldest first) speaks of distress, alone or read on from the
 * ones before it, as the crisis check reads them (isCrisisConversation): "I think I'm going to" / "end my" is heard. A
 * distress the earlier messages spoke of alone was heard when they were sent, so "hopeless" / "calm, please" is not.
 */
export function isDistressedConversation(recentUserMessages: readonly string[]): boolean {
  const newest = recentUserMessages.at(-1)
  if (newest === undefined) return false
  if (speaksOfDistress(newest)) return true
  // Only the words either side of where the newest message begins, as the crisis check reads them: no pattern is longer.
  const before = recentUserMessages
    .slice(0, -1)
    .map((message) => normalise(message.slice(-TAIL_CHARS)))
    .filter((part) => part !== '')
    .join(' . ')
    .split(' ')
    .slice(-WORDS_ACROSS)
    .join(' ')
  const start = normalise(newest).split(' ').slice(0, WORDS_ACROSS).join(' ')
  return before !== '' && start !== '' && speaksOfDistress(`${before} . ${start}`) && !speaksOfDistress(before)
}

/**
 * The chats whose result keeps the member's words as their own: the threshold's intention, the goal, the reflection.
 * A distressed turn never finishes them. A recap's subject is the week, hard weeks included: it talks on as it is, and
 * only its result is read (resultSpeaksOfDistress).
 */
export function distressHoldsBack(kind: ConversationKind): boolean {
  return kind !== 'recap'
}

function wordsOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string')
}

/**
 * Whether a chat's result must not be kept (docs/decisions/0052): an intention, a goal or a reflection whose words speak
 * of distress; a recap whose tasks do, or whose summary or reasoning reads as a crisis. A recap may name a hard week,
 * since that is what it looks back on.
 */
export function resultSpeaksOfDistress(kind: ConversationKind, result: ConversationResult): boolean {
  if (kind === 'recap' && 'weekly_summary' in result) {
    return [result.weekly_summary, result.priority_reasoning].some(isCrisisMessage) || result.recommendations.some(speaksOfDistress)
  }
  return Object.values(result).flatMap(wordsOf).some(speaksOfDistress)
}

// ── Words that can't be a result on their own ───────────────────────────────────────────────────────────────────

/**
 * Words a sentence of the seven languages doesn't end on: a possessive, an article, a conjunction or a preposition that
 * waits for more, a subject without its verb. Words that also end sentences are left out: English's prepositions
 * ("someone I care about"), German's "das" and "zu", Dutch's "het", "dat", "om" and "zijn".
 */
const DANGLING = new Set([
  'my', 'your', 'our', 'their', 'its', 'the', 'a', 'an', 'and', 'or', 'but', 'because', 'i', 'im',
  'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'nuestro', 'nuestra', 'el', 'la', 'los', 'las', 'un', 'una', 'y', 'pero', 'porque', 'que', 'para', 'por', 'con', 'de', 'yo',
  'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'sa', 'ses', 'notre', 'nos', 'votre', 'vos', 'leur', 'leurs', 'le', 'les', 'une', 'du', 'des', 'et', 'mais', 'je', 'au', 'aux',
  'mein', 'meine', 'meinen', 'meinem', 'meiner', 'dein', 'deine', 'unser', 'unsere', 'ein', 'eine', 'einen', 'einem', 'und', 'oder', 'aber', 'weil', 'dass', 'ich',
  'meu', 'minha', 'meus', 'minhas', 'teu', 'tua', 'seu', 'sua', 'os', 'um', 'uma', 'ou', 'mas', 'eu', 'e',
  'mio', 'mia', 'miei', 'mie', 'tuo', 'suo', 'il', 'lo', 'gli', 'uno', 'perche', 'di', 'da', 'per',
  'mijn', 'jouw', 'onze', 'een', 'en', 'maar', 'omdat', 'ik', 'te',
])

/** English's "to" ends a sentence only where a verb was meant to follow: "I'm going to", "I want to". */
const WAITING_FOR_A_VERB = /(?:^|\s)(?:going|gonna|want|wanna|need|have|has|about|trying|try|able|ready|got|like|used) to$/

/** True when the text stops where more must come: "I welcome end my.", "I'm going to", a lone "my". */
export function endsUnfinished(text: string): boolean {
  const plain = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/['’‘`]/g, '')
  const words = plain.replace(/[^\p{L}\p{N}]+$/u, '')
  // After a number the word is what is counted, whatever else it can be: "1 y" is a unit, not Spanish's "and".
  const [, before = '', last = ''] = /(?:^|(\S+)\s+)(\p{L}+)$/u.exec(words) ?? []
  return (DANGLING.has(last) && !/\d$/.test(before)) || WAITING_FOR_A_VERB.test(words)
}

/** The result's words that stand on their own, as a label, and so must be a whole thought: an intention, a goal's title. */
export function resultIsUnfinished(kind: ConversationKind, result: ConversationResult): boolean {
  if (kind === 'threshold' && 'intention' in result) return endsUnfinished(result.intention)
  if (kind === 'goal' && 'title' in result) return endsUnfinished(result.title)
  return false
}

// ── After the help: "I'm fine", "you misunderstood" ─────────────────────────────────────────────────────────────

const DENIALS = [
  // English
  "(?:i'm|i am) (?:(?:really|totally|honestly|actually|completely|perfectly|absolutely|just|all|doing) )?(?:fine|ok|okay|alright|all right|good|safe|better)",
  "(?:i'm|i am) not (?:suicidal|in danger|in crisis|going to (?:do anything|hurt myself|kill myself|do it)|gonna (?:do anything|hurt myself|kill myself|do it)|thinking (?:of|about) (?:suicide|killing myself|hurting myself))",
  "(?:i )?(?:don't|do not|didn't|did not) (?:want|mean|plan|intend) (?:to )?(?:die|kill myself|hurt myself|harm myself|end (?:my life|it)|do anything)",
  "(?:i )?(?:didn't|did not|don't|do not) mean (?:it|that|this)(?: (?:like that|literally|that way|seriously))?",
  '(?:you|u) (?:misunderstood|misread|misunderstand|got (?:it|that|me) wrong|took (?:it|that|me) (?:wrong|the wrong way|literally|too literally)|read (?:it|that|me) wrong)(?: me)?',
  "(?:that's|that is|it's|it is) not what i (?:meant|mean|said)|not literally",
  "i (?:was|am|'m) (?:only |just )?(?:joking|kidding|exaggerating|being dramatic)|(?:it was|it's|it is|that was|just) (?:only )?(?:a joke|a figure of speech|an expression|a metaphor|sarcasm|a saying)",
  "no worries|(?:don't|do not) worry(?: about me)?|all good|no need to worry|false alarm",
  // Spanish
  'estoy (?:bien|tranquil[oa]|a salvo|perfectamente)|no (?:estoy|soy) suicida|no (?:quiero|voy a|pienso) (?:morir(?:me)?|matarme|suicidarme|hacerme daño|hacer nada)',
  '(?:me )?(?:malinterpretaste|has malinterpretado|malentendiste|entendiste mal|has entendido mal)|no me (?:entendiste|has entendido|entiendes)',
  'no (?:quise|quería) decir eso|no (?:lo )?decía en serio|no era en serio|(?:era|es) (?:solo |sólo )?(?:una )?(?:broma|forma de hablar|expresión)|estaba bromeando|no te preocupes|todo bien',
  // French
  `(?:je vais|ça va|tout va) (?:très )?bien|ça va${unless('pas|mal|plus')}|je (?:ne )?suis pas suicidaire|je (?:ne )?(?:veux|vais) pas (?:mourir|me tuer|me suicider|me faire du mal)`,
  "(?:tu as|tu m'as|vous avez|vous m'avez|t'as|tu|vous) mal compris|(?:ce n'est|c'est) pas ce que je voulais dire|je (?:ne )?voulais pas dire ça",
  "(?:c'était|c'est) (?:juste |seulement )?(?:une blague|pour rire|une façon de parler|une expression)|je (?:plaisantais|rigolais|blaguais)|ne t'inquiète pas|ne vous inquiétez pas|t'inquiète",
  // German
  '(?:mir geht(?:s| es)|es geht mir) (?:gut|ganz gut|prima|okay|ok)|alles (?:gut|ok|okay|in ordnung)|ich bin (?:nicht suizidal|nicht in gefahr|okay|ok|in ordnung)',
  '(?:ich (?:will|möchte) nicht sterben|ich (?:werde|will) mich nicht (?:umbringen|töten|verletzen)|ich (?:werde|will) mir nichts antun)',
  '(?:du hast|sie haben) (?:mich |das )?(?:falsch verstanden|missverstanden)|(?:so|das) war (?:das )?nicht (?:so )?gemeint|ich (?:habe|hab) (?:das|es) nicht so gemeint',
  '(?:das )?war (?:nur )?(?:ein witz|ein scherz|spaß|ironisch)|ich (?:habe|hab) (?:nur )?(?:gescherzt|spaß gemacht)|keine sorge|mach dir keine sorgen',
  // Portuguese
  '(?:eu )?(?:estou|tô|to) (?:bem|tranquil[oa]|ótim[oa]|segur[oa])|(?:não|nao) (?:sou|estou) suicida|(?:não|nao) (?:quero|vou) (?:morrer|me matar|matar-me|me machucar|fazer nada)',
  '(?:você|vc|tu) (?:me )?(?:entendeu|entendeste|interpretou|percebeu) mal|(?:você|vc) (?:não|nao) (?:me )?entendeu|(?:não|nao) (?:foi|era) isso que eu quis dizer|(?:não|nao) quis dizer isso',
  '(?:era|foi) (?:só |apenas )?(?:uma )?(?:brincadeira|piada|força de expressão|expressão)|(?:eu )?estava brincando|(?:não|nao) se preocupe|(?:não|nao) te preocupes|fica tranquil[oa]|tudo bem',
  // Italian
  'sto (?:bene|benissimo|tranquill[oa])|tutto (?:bene|ok|okay|a posto)|non sono (?:suicida|in pericolo)|non (?:voglio|ho intenzione di) (?:morire|uccidermi|ammazzarmi|farmi del male|fare niente)',
  '(?:hai|avete|ha) (?:capito|frainteso|interpretato) male|mi (?:hai|avete|ha) frainteso|(?:hai|avete) frainteso|non (?:intendevo|volevo dire) (?:questo|quello|così)|non (?:lo )?dicevo sul serio',
  '(?:era|è) (?:solo )?(?:uno scherzo|un modo di dire|una battuta)|stavo scherzando|scherzavo|non preoccuparti|non ti preoccupare',
  // Dutch
  '(?:het gaat|met mij gaat het) (?:goed|prima|wel)|(?:ik ben|ben) (?:ok|oké|oke|okay|in orde)|alles (?:goed|ok|oké|prima)|ik ben niet (?:suïcidaal|in gevaar)',
  'ik (?:wil|ga) niet dood|ik (?:ga|wil) mezelf (?:niets|niks) aandoen|(?:je hebt|jij hebt|u heeft) (?:me|het) verkeerd begrepen|je begrijpt me verkeerd',
  '(?:zo|dat) bedoelde ik (?:het )?niet|ik bedoelde het niet zo|(?:het was|was) (?:maar )?(?:een grapje|een grap|bij wijze van spreken)|ik maakte (?:maar )?een grapje|maak je (?:maar )?geen zorgen|geen zorgen',
]

/** "No estoy a salvo", "not all good": a denial said with a "not" before it is no denial. */
const NOT_DENIED = '(?<!(?<![a-z])(?:no|not|nicht|niet|non|não|nem|pas|never|nunca|nie|nooit) )'

const DENIAL_PATTERNS: readonly RegExp[] = DENIALS.map((source) => new RegExp(phrase(`${NOT_DENIED}(?:${source})`, { umlauts: true }).source, 'g'))

/**
 * True when a message says the member is fine or was misread ("I'm fine", "you misunderstood", "I'm not suicidal,
 * you misunderstood") and says nothing else that speaks of distress: after the help, such a message is believed, even
 * when it quotes the words it denies. "I'm fine, I just want to die" is not a denial.
 */
export function isDenial(text: string): boolean {
  const normalised = normalise(text)
  let rest = normalised
  for (const pattern of DENIAL_PATTERNS) rest = rest.replace(pattern, ' . ')
  return rest !== normalised && !speaksOfDistress(rest)
}

/**
 * Runs every pattern twice on each kind of string V8 keeps (one byte and two bytes a character), as a server starts,
 * as the crisis check's own are (compileCrisisPatterns): a pattern's first runs are interpreted, which would cost
 * someone's first message far more than a chat turn's budget.
 */
export function compileDistressPatterns() {
  for (let run = 0; run < 2; run++) {
    for (const text of ['Warming up: a calm week, a wish to rest.', 'Warming up’s other kind: kі 1l1, a wish to rest ☀']) {
      isDistressedConversation([text, text])
      isDenial(text)
    }
  }
}

// ── What Olo says ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * What Olo says when a chat can't keep what was said as its result (docs/product.md#safety): that it sounds hard, a
 * gentle question, and that people are there to help; fixed, so no model and no offline guide's cheer can stand in
 * for it.
 */
export const CARE_REPLY =
  "That sounds really hard, and I'm glad you told me. We don't have to settle anything right now. How are you feeling at this moment? " +
  "If it ever feels like too much, you don't have to carry it alone: people are there to help, day and night, and 'How Olo keeps you safe', at the top of this chat, shows how to reach them."

/** What Olo says to a member who, after the help, says they are fine or were misread: believed, and the chat goes on. */
export const BELIEVED_REPLY = "Thank you for telling me, and I'm sorry if I misread you. I'm still here, and we can carry on whenever you like."
