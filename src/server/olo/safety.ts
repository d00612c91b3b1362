/**
 * The crisis check of docs/product.md#safety. It runs on every user message before any model provider sees it, so it is
 * written as word patterns rather than a model: it works offline, answers the same way every time, never sends a person
 * in crisis to a third party first and takes well under a millisecond.
 *
 * It leans towards caution: a false alarm costs one kind message in a conversation that carries on, a miss costs far
 * more. The idioms it must leave alone ("this deadline is killing me", "I'd die for a coffee") are kept out by asking
 * for intent, a person as the object, or the end of a clause, not by listing the idioms.
 *
 * Messages are normalised first (src/server/olo/safety.text.ts), so look-alike letters, digits, invisible characters
 * and accents decide nothing. The English patterns are here, those of six more languages in
 * src/server/olo/safety.languages.ts, and the check on Olo's own replies in src/server/olo/safety.replies.ts
 * (docs/decisions/0013-crisis-check-languages-and-tricks.md).
 */

import { ABOUT_THE_SUBJECT, LANGUAGE_PATTERNS, NAMING_IT_IN_SIX_LANGUAGES } from './safety.languages'
import { saysSomethingHarmful } from './safety.replies'
import { normalise, phrase, unless } from './safety.text'

// ─── Writing patterns ───────────────────────────────────────────────────────────────────────────────────────────────

/** The clause ends here: a full stop (or !, ?, comma…), the end of the message, or a filler that adds nothing ("…lol"). */
const END = '(?=$|\\x20(?:\\.|lol|lmao|haha|tbh|honestly|and|but|i|im|anymore)(?![a-z]))'

/** "I don't (really) want to…": wishes that are denied are not wishes. Kept off the plain-speaking patterns on purpose. */
const NOT_DENIED = "(?<!(?<![a-z])(?:don't|do not|didn't|did not|never|not|won't|wouldn't|would never|could never)(?: [a-z]+)? )"

const MYSELF = '(?:my ?s(?:el|le)f|meself|my ?sef|mysel)'

/** Wanting, planning or being drawn to something; used where the bare verb would also be an accident or a figure of speech. */
const INTENT =
  '(?:want(?:s|ed)? (?:to|2)|wanna|wnat to|going to|gonna|gon|about to|plan(?:s|ing|ed)? to|ready to|need to|have to|gotta' +
  '|(?:thinking|think|thought|thoughts|dreaming|dream|dreams|fantasi[sz]ing|fantasies) (?:about|of)|urges? to|feel like|felt like' +
  '|tempted to|try(?:ing)? to|tried to|(?:can\'t stop|keep|kept) (?:thinking|dreaming) (?:about|of))'

/** Intent towards oneself also covers a habit ("I've been cutting myself"). */
const SELF_INTENT = `(?:${INTENT}|been|keep|kept|started|start|can't stop|deserve to)`

/** Intent towards others also covers "could"/"might"; "I could murder a pizza" is kept out because a pizza is not a person. */
const OTHERS_INTENT = `(?:${INTENT}|will|shall|could|might)`

const PERSON_NOUN =
  '(?:boss|manager|wife|husband|partner|spouse|girlfriend|boyfriend|gf|bf|ex|mom|mum|mother|dad|father|parents?|stepdad|stepmom' +
  '|brother|sister|sibling|son|daughter|kids?|child|children|baby|family|friend|neighbou?r|coworker|co worker|colleague|teacher' +
  '|roommate|flatmate|classmate|landlord|uncle|aunt|cousin|grandma|grandpa|guy|man|men|woman|women|girl|boy|person|people|bitch|bastard)'

const PERSON =
  `(?:someone|somebody|anyone|anybody|everyone|everybody|people|him|her|them|you|u|ya` +
  `|(?:my|his|her|their|your|ur|our|that|this|the|those|these|a) (?:[a-z]+ )?${PERSON_NOUN}(?:e?s)?)`

/** What follows a person when the sentence is about something else of theirs ("hurt her feelings", "shoot my friend's wedding"). */
const NOT_ABOUT_THE_PERSON = unless(
  '(?:s )?(?:feelings?|ego|pride|chances|career|reputation|business|vibe|mood|with kindness|wedding|photos?|pictures?|portraits?|video|a text|a message|an email|a quick)' +
    '|(?:at|in) (?:the |a )?(?:game|match|race|round|chess|tennis|debate|argument|quiz|sales|points|cards)',
)

const HARM_VERB =
  '(?:kill|killing|murder|murdering|stab|stabbing|shoot|shooting|strangle|strangling|choke|choking|hurt|hurting|harm|harming' +
  '|attack|attacking|poison|poisoning|punch|punching|smother|smothering|drown|drowning|torture|torturing|rape|raping|assault|assaulting)'

/** The speaker, so that "this hill is going to kill you" (a figure of speech about a hill) is not a threat. */
const SPEAKER = '(?:i|im|i am|ive|id|we|were|we are)'

/** Someone doing something to the person writing. */
const OTHER_PERSON = `(?:he|she|they|he's|she's|they're|someone|somebody|(?:my|his|her|their) (?:[a-z]+ )?${PERSON_NOUN})`

const THINGS = '(?:things|stuff|belongings|possessions|valuables|prized possessions)'

const WANT_TO_DIE = "(?:want(?:s|ed)?|wanna|wnat|wish(?:ed)? i could|wish to|hope i|hoping i|ready to|deserve to|might as well|should just|would rather|i'd rather)"

// ─── The patterns ───────────────────────────────────────────────────────────────────────────────────────────────────

const CRISIS_PATTERNS: Readonly<Record<string, readonly RegExp[]>> = {
  /** The euphemisms of social media, and killing oneself said outright, whatever surrounds them. */
  plainWords: [
    phrase('un ?aliv(?:e|ed|es|ing)'),
    phrase("(?<!(?<![a-z])(?:don't|do not|no need to|shouldn't) )kills? ?" + MYSELF),
    // "Killing myself with overtime" and "killed myself laughing" are about work and jokes; they only come in these forms.
    phrase(
      "(?<!(?<![a-z])(?:don't|do not|no need to|shouldn't) )kill(?:ed|ing) ?" +
        MYSELF +
        unless('laughing|trying|working|studying|with (?:work|overtime|stress|exercise|training|workouts|the workload|homework|deadlines)|at (?:the )?(?:gym|work|office)'),
    ),
    phrase('kill(?:s|ed|ing)? (?:him|her|them|your)sel(?:f|ves)' + unless('over|trying|working|at|with|for|to|on|doing|studying')),
    // "kms" is also kilometres: after a number or a quantity word it is a distance.
    phrase(
      '(?<![0-9] )(?<!(?<![a-z])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|half|few|several|many|more|extra|some|couple|of|those|these|the|last|first|final|total|additional|a) )kms' + unless('per|an hour|a day|a week|h|in total|total|left|to go|away|from'),
    ),
    phrase('kys'),
    phrase(`(?:delete|deleting) ${MYSELF}${unless('from|off')}`),
  ],

  /** Ending one's own life, said outright. */
  endingLife: [
    phrase('(?:end|ends|ending|ended|take|taking|took) (?:my|me) own life'),
    phrase('(?:end|ends|ending|ended) (?:my|me) (?:life|existence)'),
    phrase('(?:take|taking) my life' + unless('in|into|back|to|forward|seriously|more|over|one|a step|and')),
    phrase('end(?:ing)? it all'),
    phrase(`(?:${INTENT}|decided to) end(?:ing)? (?:it|everything|things|my suffering)(?:${END}| (?:tonight|today|now|soon|for good|forever|this week|this weekend))`),
    phrase(`${NOT_DENIED}${WANT_TO_DIE}(?: (?:to|2))? (?:(?:just|really|honestly|simply|fucking|literally|actually|kinda|kind of|already|to) )?die${unless('of|from|laughing|happy|for|old|rich|trying|on this hill|than|tryna|before|my hair|your hair|her hair|his hair')}`),
    phrase('(?:want to be|wanna be|wish i (?:was|were|could be)|would rather be|rather be|better off) dead' + unless('than|center|centre|serious|set')),
    phrase(`feel(?:s|ing)? like dying${END}`),
  ],

  /** Ways of doing it; named only with intent where the words also describe an accident or a sport. */
  methods: [
    phrase(
      `(?:hang|hanging|hanged|drown|drowning|shoot|shooting|shot|poison|poisoning|gas|gassing|electrocute|electrocuting|suffocate|suffocating|starve|starving|strangle|strangling|stab|stabbing|overdose|overdosing) ${MYSELF}` +
        unless('in the foot|up|with|on|in(?! (?:the |a |my )?(?:river|lake|sea|ocean|bath|bathtub|water|pool|head|mouth|face|heart|chest)(?![a-z]))'),
    ),
    phrase('(?:slit|slitting|slice|slicing|slash|slashing|cut|cutting|open) (?:open )?my (?:wrists?|throat|veins?)'),
    phrase('blow(?:ing)? my (?:brains?|head) (?:out|off)'),
    phrase('(?:gun|pistol|bullet|barrel) (?:to|in|into|through) my (?:head|mouth|temple|brain)'),
    phrase('(?:jump|jumping|throw myself|step|stepping|walk|walking|lie down|lay down|lying down) (?:in front of|under) (?:a|the|an) (?:train|bus|car|truck|lorry|tram|subway|oncoming)'),
    phrase('(?:throw|throwing|threw) myself (?:off|from|out of|under|in front of)'),
    phrase(`${SELF_INTENT} (?:jump|jumping) (?:off|from) (?:a|the|my|this|that) (?:bridge|building|roof|rooftop|balcony|cliff|tower|overpass|window|ledge|top floor|parking garage)`),
    phrase(`${SELF_INTENT} (?:walk|walking|step|stepping|run|running) into (?:traffic|oncoming traffic|the sea|the ocean|the river|the lake)`),
    phrase(`${SELF_INTENT} (?:crash|crashing|drive|driving) (?:my car )?(?:into|off) (?:a|the) (?:wall|tree|bridge|cliff|river|truck|pole|barrier|lake)`),
    phrase('crash(?:ing)? my car on purpose'),
    phrase(`${SELF_INTENT} (?:overdose|od|o d)`),
    phrase('(?:overdose|overdosing|overdosed|od|oding|oded) on (?:my |all my |all of my |the |some |a bunch of |a bottle of |a handful of )?(?:pills|meds|medication|medicine|tablets|paracetamol|tylenol|acetaminophen|ibuprofen|insulin|sleeping pills|antidepressants|painkillers|heroin|fentanyl|opioids)'),
    phrase('(?:take|taking|took|swallow|swallowing|swallowed) (?:all|every one) (?:of )?(?:my|the) (?:pills|meds|medication|tablets|sleeping pills)(?: (?:at once|in one go|together))'),
    phrase(`${SELF_INTENT} (?:take|swallow) (?:all|every one) (?:of )?(?:my|the) (?:pills|meds|medication|tablets|sleeping pills)`),
    phrase('(?:a|the) (?:whole|entire) (?:bottle|box|pack|packet) of (?:pills|tablets|sleeping pills|paracetamol|tylenol|painkillers)'),
    phrase('(?:stockpile|stockpiling|stockpiled|hoarding|saving up|collecting) (?:my |the |some )?(?:pills|meds|medication|tablets|painkillers)'),
    phrase('(?:tie|tied|tying|make|made|making|bought|buy|buying) (?:a|the) noose|noose (?:around|round) my neck'),
  ],

  /** Hurting oneself: "I hurt myself at the gym" is an accident, so these need intent or a habit. */
  selfHarm: [
    phrase(
      `${NOT_DENIED}${SELF_INTENT} (?:(?!never |not )[a-z]+ )?(?:hurt|hurting|harm|harming|cut|cutting|burn|burning|starve|starving|stab|stabbing|punish|punishing|hit|hitting|scratch|scratching|bruise|bruising) ${MYSELF}` +
        unless('some slack|a break|off|short|shaving|while|during|by accident|accidentally|at (?:the )?(?:gym|work|practice|training)|playing|running|lifting|training|exercising|working out|on (?:the|a)|in (?:the|a)'),
    ),
    phrase(`(?:cut|cutting|hurt|hurting|burned|burnt|burning|harmed|harming) ${MYSELF} (?:again|on purpose|deliberately|intentionally)`),
  ],

  /** Wishing not to exist, without naming death: the indirect wording people in crisis most often use. */
  notWantingToExist: [
    phrase("(?:don't|do not|no longer|never|didn't|did not) (?:really |even )?(?:want|wanna|wish) (?:to )?(?:be alive|exist|keep living|stay alive|keep existing|go on living|live another day|be born)"),
    phrase(`(?:don't|do not|no longer|never) (?:really |even )?(?:want|wanna) (?:to )?(?:live|go on|carry on)(?:${END}| (?:anymore|any more|any longer|like this|this life))`),
    phrase("(?:don't|do not|no longer) (?:really |even )?(?:want|wanna) (?:to )?(?:be here|be around)(?: (?:anymore|any more|any longer))"),
    phrase("wish (?:i (?:was |were |had |d )?|i'd )(?:never|not) (?:been )?born"),
    phrase("wish i (?:wasn't|weren't|was not|were not) (?:alive|here|born|around)"),
    phrase("wish i (?:didn't|did not) exist|wish i could (?:stop existing|disappear forever|just disappear forever|vanish forever)"),
    phrase('(?:want|wanna|wish|would like) (?:to )?(?:stop existing|not exist|not be alive|not be here anymore)' + unless('on|in|online|for|at')),
    phrase('(?:want|wanna|wish i could|need) (?:to )?(?:just )?(?:disappear|vanish|be gone) (?:forever|for good|permanently|and never come back)'),
    phrase(`(?:don't|do not|never) (?:really |even )?(?:want|wanna) (?:to )?wake up${unless('(?:tomorrow |again )?(?:early|at|before|by|for|to|on|in time|on time|when|so early|that early|this early|the|my|him|her|them|you|everyone|anyone|anybody|everybody|your)')}(?! (?:tomorrow )?[0-9])`),
    phrase("hope i (?:don't|do not|never|won't) wake up|wish i (?:wouldn't|would not|didn't|did not|couldn't|could not|never) wake up"),
    phrase('(?:sleep|go to sleep|fall asleep|falling asleep|going to sleep) and (?:never|not) wake up'),
    phrase('never wake up again'),
  ],

  /** Believing others would be better off: the burden thought is one of the clearest warning signs. */
  burden: [
    phrase('(?:better|happier|easier) (?:off )?without me'),
    phrase("better off if i (?:(?:was|were|wasn't|weren't|was not|were not)(?: (?:never|not|just))? (?:gone|dead|here|around|alive|born)|died|disappeared|ended it|killed myself|had never been born|never existed|didn't exist)"),
    phrase('better (?:off )?with me (?:gone|dead|out of the way|out of the picture)'),
    phrase("(?:miss|notice|care)(?: about)?(?: me)?(?: at all)? if i (?:died|was gone|were gone|disappeared|was dead|were dead|wasn't here|weren't here|wasn't around|weren't around|was not here|were not here|killed myself|ended it|just vanished|left forever)" + unless('for|on|during|from|this|next')),
    phrase("(?:i'm|i am|i feel|feel like|i feel like)(?: (?:just|such|nothing but|only))? (?:a|an) (?:burden|waste of space|waste of oxygen|waste of air)" + unless('of|on my time|at')),
    phrase('burden (?:to|on|for) (?:everyone|everybody|my family|my friends|the people|people|them|you all|all of you)'),
  ],

  /** Life having no point; only where the words are about living itself, not about a task ("no point in worrying"). */
  noPoint: [
    phrase('no (?:point|reason|use|purpose) (?:in |of |to )?(?:living|being alive|life|going on|carrying on|existing|staying alive|keep living|live|be alive|exist|stay alive)' + unless('in|here|there|with|like|on|at|near|insurance')),
    phrase("(?:don't|do not|can't|cannot|can not) see (?:the|any) (?:point|reason) (?:in |of |to )?(?:living|life|being alive|going on|existing|live|carry on|carrying on)" + unless('in|here|there|with|on|at|insurance')),
    phrase("(?:what's|whats|what is) the (?:point|use) (?:of|in) (?:even )?(?:living|being alive|life|going on|existing|staying alive|carrying on)" + unless('in|here|there|with|like|on|at|near|insurance|coach|coaching|admin|hacks|goals')),
    phrase('nothing (?:left )?to live for|no (?:will|reason) to live|lost (?:my|the|all) will to live'),
    phrase("(?:isn't|is not|not|no longer|never|doesn't feel|does not feel) (?:really )?worth (?:living|being alive|staying alive)" + unless('in|here|there|with|on|at|for')),
    phrase("(?:life|my life|life's|my life's)(?: (?:is|s))? (?:isn't|not|no longer|never) worth it"),
    phrase("(?:life|my life|existence|living|life's|my life's)(?: (?:is|feels|s))? (?:so |just |completely |totally )?(?:pointless|meaningless|hopeless|unbearable)"),
    phrase(`why (?:should|do|would|must) i (?:even |still |keep |bother )*(?:live|living|be alive|exist|stay alive|keep living|go on|carry on)(?:${END}| anymore)`),
    phrase('(?:tired|sick|exhausted) of (?:being alive|existing|living my life|being me)'),
    phrase(`(?:tired|sick|exhausted|done) (?:of|with) (?:living|life|it all|everything)${END}`),
  ],

  /** Not being able to go on: "I can't go on the trip" is plans, so the clause must end there or be about living. */
  cannotGoOn: [
    phrase(`(?:can't|cannot|can not) (?:go on|keep going|carry on|keep living|continue)(?:${END}| (?:anymore|any more|any longer|much longer|like this|living|with (?:life|this life|my life)))`),
    phrase("(?:can't|cannot|can not) (?:live like this|take it anymore|take it any more|take it any longer|do this anymore|do this any more|do this any longer|do life|cope anymore|cope any more|cope any longer|bear it anymore|bear to live)"),
  ],

  /** Wanting it all to stop, for good: "I want this week to end" is only a long week. */
  wantingItToStop: [
    phrase('(?:want|wish|need|make) (?:it all|everything|all of this|all of it|all this) (?:to )?(?:stop|end|be over)' + unless('on|with|by|at|in|well|soon|early|before|after|so|nicely|happily|quickly')),
    phrase('(?:want|wish|need|make) (?:it|this|the pain|everything|life|things|my life) (?:to )?(?:stop|end|be over|go away) (?:for good|forever|permanently|once and for all)'),
  ],

  /** Putting affairs in order and saying goodbye, the quiet signs that a decision has been made. */
  finalActs: [
    phrase(
      `(?:give|gives|giving|gave|given) (?:away (?:all )?(?:of )?my ${THINGS}|(?:all )?(?:of )?my ${THINGS} away)` +
        unless('to (?:a |the )?(?:charity|goodwill|thrift shop|thrift store|charity shop)|before (?:the|my|our) move|because (?:im|i am|were|we are) moving'),
    ),
    phrase(`(?:writing|wrote|write|written|left) (?:my |a |some )?(?:goodbye|farewell) (?:notes?|letters?)(?: (?:to|for) (?:everyone|everybody|my family|my kids|my parents|my friends|the people i love|my wife|my husband|my partner)|${END})`),
    phrase(`this is (?:my )?(?:final |last )?goodbye${END}|goodbye (?:cruel )?world|(?:final|last) goodbyes?(?:${END}| to (?:everyone|everybody|you all|my family|you))`),
    phrase("(?:won't|will not) be alive|(?:won't|will not) be (?:here|around) (?:much longer|for much longer)"),
  ],

  /**
   * Emoji standing for death or a means (src/server/olo/safety.text.ts reads them as words), beside a wish, a plan or
   * the speaker, in any of the seven languages. A skull alone is also laughter, so it needs the wish.
   */
  emoji: [
    phrase(
      `(?:${INTENT}|ready (?:to|for)|wish i could|quiero|voy a|je veux|je vais|jveux|ich will|ich werde|ich mochte|voglio|vorrei|quero|vou|ik wil|ik ga)(?: (?:just|simply|finally|solo|juste|einfach|so|gewoon))? (?:emojideath|emojigun|emojirope|emojiknife)` +
        `(?:${END}| (?:myself|meself|me|tonight|now|today|soon|for good|forever))`,
    ),
    phrase('(?:emojigun|emojirope|emojiknife|emojipills|emojiblood) (?:to |in |on |into |around |for )?(?:myself|meself|my (?:head|wrists?|neck|throat|arms?|thighs?|veins?|temple|mouth))'),
    phrase('(?:emojigun|emojirope|emojiknife|emojideath|emojipills) (?:tonight|this weekend|after work|after school|when everyone is asleep|ce soir|esta noche|heute nacht|stasera|hoje a noite|vanavond)'),
    phrase('(?:all|enough|a whole bottle of|a bottle of|a handful of|every one of|the rest of) (?:of )?(?:my |the |these |those )?emojipills' + unless('with|at|for|in the morning|today|this morning|a day|every day|daily|on time')),
    phrase(`(?:me|myself|i|im|yo|moi|ich|io|eu|ik) (?:and|with|y|et|und|e|en|com|con|mit|met) (?:my|the|mi|la|el|ma|mon|le|meine|mein|die|der|il|a|o|mijn|de|het) (?:emojigun|emojirope|emojiknife)(?: (?:tonight|today|now|soon|finally|this weekend)|${END})`),
  ],

  /** Harming someone else: the speaker, an intent, a harmful verb and a person, so "I could murder a pizza" stays a pizza. */
  harmToOthers: [
    phrase(`(?:${SPEAKER}(?: [a-z]+){0,3}? ${NOT_DENIED}${OTHERS_INTENT}|i'll|ill|we'll) (?:(?!never |not |don't )[a-z]+ )?${HARM_VERB} ${PERSON}${NOT_ABOUT_THE_PERSON}`),
    phrase(`(?:${SPEAKER}(?: [a-z]+){0,3}? ${NOT_DENIED}${OTHERS_INTENT}|i'll|ill) (?:beat|beating) (?:up ${PERSON}|${PERSON} up|the (?:shit|crap|hell|life) out of ${PERSON})`),
    phrase(`(?:thoughts|thinking|urges?|fantasies|fantasi[sz]e|fantasi[sz]ing|dreams?|dreaming) (?:of|about) (?:killing|hurting|harming|murdering|stabbing|strangling|shooting|attacking|drowning|smothering|poisoning) ${PERSON}${NOT_ABOUT_THE_PERSON}`),
    phrase(`(?:${SPEAKER}(?: [a-z]+){0,3}? ${NOT_DENIED}${OTHERS_INTENT}|i'll|ill) (?:shoot up|bomb|blow up|burn down|set fire to) (?:the|my|a|our|this|that) (?:school|office|work|workplace|church|mosque|synagogue|temple|mall|class|classroom|campus|building|concert)`),
    phrase('(?:bring|bringing|take|taking|brought) (?:a|my|the) (?:gun|rifle|weapon|firearm) to (?:school|work|class|the office|campus|church)'),
  ],

  /** Being hurt or in danger at someone else's hands; kept narrow because "she beats me at chess" is not abuse. */
  abuseAndDanger: [
    phrase(
      `${OTHER_PERSON} (?:always |still |often |sometimes |constantly |keeps |kept |has been |have been |is |s )?(?:hits|hitting|beats|beating|beat me up|punches|punching|punched|slaps|slapping|slapped|kicks|kicking|chokes|choking|choked|strangles|strangling|strangled|abuses|abusing|abused|rapes|raping|raped|molests|molesting|molested|hurts|hurting|threatens|threatening|threatened|assaulted|assaults) me` +
        '(?! (?:up|back|off|out|at|to|on|by|fair|easily|hands down|first|every time we|again at|[0-9]|with(?! (?:a|his|her|their|the) (?:belt|bat|stick|fist|knife|bottle|hand|shoe|cord|gun|hammer))|in (?:the |a )?(?:race|game|match|round|final|chess|tennis|argument|debate|quiz|points|sales))(?![a-z]))',
    ),
    phrase('threaten(?:s|ed|ing)? to (?:kill|hurt|harm|hit|beat|stab|shoot|rape) me'),
    phrase(`(?:afraid|scared|terrified|frightened)(?: that)? ${OTHER_PERSON} (?:will|ll|might|could|would|is going to|s going to|is gonna|s gonna) (?:kill|hurt|hit|beat|rape|harm|stab|shoot) me`),
    phrase("i (?:was|got|have been|ve been|am being|m being|was being) (?:raped|molested|sexually assaulted|sexually abused|abused|assaulted|beaten up|trafficked)"),
    phrase('(?:raped|molested|sexually assaulted|sexually abused) me|touche[sd] me (?:inappropriately|without (?:my )?consent)'),
    phrase(`${OTHER_PERSON}(?: (?:is|s|was|are|were|has been|have been|gets|can be))? (?:so |very |really |physically |emotionally |verbally )?(?:abusive|violent)(?: (?:to|towards|with) me)?${END}`),
    phrase('(?:abusive|violent) (?:partner|relationship|husband|wife|boyfriend|girlfriend|bf|gf|father|mother|dad|mum|mom|parents?|home|household|ex|family|stepdad|stepfather|stepmom|stepmother)|domestic (?:violence|abuse)'),
    phrase(`(?:i'm|i am|i feel|i m) (?:not|no longer) safe(?: (?:at home|here|with him|with her|with them|around him|around her|around them|in my (?:own )?home|in my house|anymore)|${END})`),
    phrase(`(?:don't|do not|never) feel safe(?: (?:at home|here|with him|with her|with them|around him|around her|around them|in my (?:own )?home|in my house|anymore)|${END})`),
    phrase('(?:i am|i\'m|we are|we\'re) in (?:real |serious |immediate )?danger' + unless('of')),
    phrase('(?:fear|fearing|scared|afraid|terrified) for my life'),
  ],
}

/**
 * Suicide and self-harm named as words, misspellings included: a crisis unless their clause is about the subject
 * (an article, a course, a film, prevention; docs/decisions/0050).
 */
const NAMING_IT: readonly RegExp[] = [
  // Coaches call shuttle sprints "suicides".
  phrase("(?:su[iya]?[cs][iy]?d(?:e|al|ial|ality|ally|ing|ed)?|sewer ?slide)" + unless('squad|sprints?|drills?|runs?|doors?|lines?')),
  phrase("(?<!(?<![a-z])(?:do|does|doing|did|run|running|ran|more|of) )su[iya]?[cs][iy]?des"),
  phrase('self ?(?:harm|harms|harming|harmed|injur[a-z]*|mutilat[a-z]*)'),
  ...NAMING_IT_IN_SIX_LANGUAGES,
]

function namesItInEarnest(normalised: string): boolean {
  return normalised.split(' . ').some((clause) => NAMING_IT.some((pattern) => pattern.test(clause)) && !ABOUT_THE_SUBJECT.test(clause))
}

const ALL_PATTERNS: readonly RegExp[] = [...Object.values(CRISIS_PATTERNS), ...Object.values(LANGUAGE_PATTERNS)].flat()

/**
 * A message typed letter by letter with wider gaps between words ("I W A N T  T O  D I E") loses its word breaks, so
 * its letters are also read as one run against the plainest phrases of each language, squeezed like everything else.
 */
const SPELLED_OUT = new RegExp(
  [
    'kil+myself|wan+a?t?o?die|endmylife|takemyownlife|su[iya]?[csz][iy]?d|unaliv|hurtmyself|beterofwithoutme|beterofdead',
    'quieromorir|matarme|jeveuxmourir|jevaismetuer|umbringen|wilsterben|selbstmord|zelfmord|ikwildod|queromorer|quero?mematar|vogliomorire|ucidermi|amazarmi',
  ].join('|'),
)

function isSpelledOut(text: string): boolean {
  const pieces = text.split(/[\s.\-_*~/]+/).filter((p) => p !== '')
  return pieces.length >= 4 && pieces.filter((p) => p.length === 1).length >= pieces.length * 0.6
}

function soundsLikeCrisis(normalised: string, text: string): boolean {
  if (ALL_PATTERNS.some((pattern) => pattern.test(normalised)) || namesItInEarnest(normalised)) return true
  if (!isSpelledOut(text)) return false
  const letters = normalised.replace(/[^a-z1]/g, '')
  return ['i', 'l'].some((letter) => SPELLED_OUT.test(letters.replaceAll('1', letter).replace(/([a-z])\1+/g, '$1')))
}

/** True when a user's message speaks of suicide, self-harm, wanting to die, harming others, or being abused or in danger. */
export function isCrisisMessage(text: string): boolean {
  const normalised = normalise(text)
  return normalised !== '' && soundsLikeCrisis(normalised, text)
}

/** The same patterns, able to look past a first match, for finding one that reaches into the newest message. */
const ALL_PATTERNS_EVERYWHERE: readonly RegExp[] = ALL_PATTERNS.map((pattern) => new RegExp(pattern.source, 'g'))

/** How many of the latest user messages are read together: a thought split across more than three is rare, and the check runs on every turn. */
const MESSAGES_READ_TOGETHER = 3

/**
 * How many words on each side of where the newest message begins are read together. A crisis split across messages
 * starts before the newest and ends inside it; no pattern is longer than this, and reading only this window keeps the
 * check as fast as one short message's whatever the lengths of the messages.
 */
const WORDS_ACROSS = 12

/** The characters of an older message that can hold its last WORDS_ACROSS words, however they are disguised. */
const TAIL_CHARS = 600

function matchReaches(pattern: RegExp, text: string, from: number): boolean {
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match.index + match[0].length > from) return true
    pattern.lastIndex = match.index + 1
  }
  return false
}

/**
 * True when the newest of a conversation's latest user messages (oldest first, the newest last) sounds like a crisis,
 * alone or read on from the two before it, so that "I want to" / "kill" / "myself" is heard. The messages are joined as
 * clauses, as if typed in one message with full stops. Only a crisis that reaches into the newest message counts: an
 * older one was answered when it was sent, and a member who says "thank you, I feel better" after it is heard as that.
 */
export function isCrisisConversation(recentUserMessages: readonly string[]): boolean {
  const recent = recentUserMessages.slice(-MESSAGES_READ_TOGETHER)
  const newest = recent.at(-1)
  if (newest === undefined) return false
  const newestNormalised = normalise(newest)
  if (newestNormalised !== '' && soundsLikeCrisis(newestNormalised, newest)) return true
  const before = recent
    .slice(0, -1)
    .map((message) => normalise(message.slice(-TAIL_CHARS)))
    .filter((part) => part !== '')
    .join(' . ')
    .split(' ')
    .slice(-WORDS_ACROSS)
    .join(' ')
  const start = newestNormalised.split(' ').slice(0, WORDS_ACROSS).join(' ')
  if (before === '' || start === '') return false
  const joined = `${before} . ${start}`
  if (!ALL_PATTERNS.some((pattern) => pattern.test(joined))) return false
  return ALL_PATTERNS_EVERYWHERE.some((pattern) => matchReaches(pattern, joined, before.length + 3))
}

/**
 * True when a model's reply encourages suicide or self-harm or gives a method or means (src/server/olo/safety.replies.ts).
 * Such a reply is never stored or shown: the fixed help message and card take its place.
 */
export function isHarmfulReply(text: string): boolean {
  const normalised = normalise(text)
  return normalised !== '' && saysSomethingHarmful(normalised)
}

/**
 * Texts that run every pattern without a match: one plain, one whose characters V8 stores two bytes wide (it compiles a
 * regular expression once for each kind of string), and a crisis behind a newest message that has none, so every
 * pattern of the conversation check runs too.
 */
const WARM_UP = ['Warming up: s u n and 5un, a wish to rest.', 'Warming up’s other kind: kі 1l1, a wish to rest ☀']

/**
 * Runs every pattern twice on each kind of text, as a server starts: V8 interprets a regular expression on its first
 * run and compiles it on the next, which would otherwise cost someone's first messages far more than the chat turn's
 * budget before Olo can answer.
 */
export function compileCrisisPatterns() {
  for (let run = 0; run < 2; run++) {
    for (const text of WARM_UP) {
      isCrisisMessage(text)
      isCrisisConversation(['I want to die', text])
      isHarmfulReply(text)
    }
  }
}
