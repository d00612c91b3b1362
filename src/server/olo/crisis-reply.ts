/**
 * The help Olo gives after a crisis message (docs/product.md#safety), with the help card beside it. Without an
 * operator's OLO_HELPLINES it points to the card, which has the numbers for where the member is, each one to tap; an
 * operator's text is said word for word, as the card shows it (docs/decisions/0054).
 */
const TO_THE_CARD =
  'If you are in danger right now, please call your local emergency number. The card below has helplines for where you are: tap a number to call or text someone who can listen.'

/**
 * What Olo says after a crisis message, instead of asking any model: thanks, a real person, where to find one, what
 * Olo is and is not, and that the conversation is still open. No diagnosis and no goodbye.
 */
export function crisisReply(operatorHelplines: string | null): string {
  const help = operatorHelplines === null ? TO_THE_CARD : /[.!?]$/.test(operatorHelplines) ? operatorHelplines : `${operatorHelplines}.`
  return [
    "Thank you for telling me; I'm really glad you did.",
    'What you are going through matters, and you deserve support from a real person right now.',
    help,
    "I'm an AI guide, not a therapist, so please reach out to someone who can be there with you.",
    "I'm still here, and we can keep talking if you want to.",
  ].join(' ')
}
