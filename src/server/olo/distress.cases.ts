/**
 * Distress in the seven languages, as people write it: some in words the crisis check answers with help, most in words
 * it leaves to the distress reading (src/server/olo/distress.ts). Written for this reading, not taken from a review set.
 */
export const DISTRESSED: readonly string[] = [
  'I want to disappear',
  'i want to sleep forever',
  'I feel hopeless',
  'I feel so empty inside',
  "what's the point",
  'everything feels pointless',
  "I've saved up enough of my sleeping pills",
  'i think ill kil myslef',
  'I think I will hurt mysefl',
  'sucidal thoughts again',
  "I think I'm going to end my",
  'no one would even notice',
  'nada tiene sentido',
  'tengo la cuerda guardada en el armario',
  'me siento vacía por dentro',
  'je veux disparaître',
  'je me sens tellement vide',
  'ich bin so hoffnungslos',
  'niemand würde mich vermissen',
  'estou desesperada',
  'sou um peso para todos',
  'non voglio più esserci',
  'mi sento vuota dentro',
  'ik voel me waardeloos',
  'niets heeft nog zin',
  'I want to die',
  'ich will nicht mehr aufwachen',
  'no puedo más',
]
