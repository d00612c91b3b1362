/**
 * The soft chime that opens and closes a timed practice (issue 13, docs/decisions/0020): a sine tone with a short
 * rise and a long fade, made with Web Audio, so there is nothing to download. The start rings once; the end rings
 * the same note, then a fourth lower, like a bowl settling.
 */
import { useEffect, useRef } from 'react'
import { useAudioPreference } from '~/web/olo/audio-preference'

export type ChimeMoment = 'start' | 'end'

/** Hz of each note and seconds after the first. */
const NOTES: Record<ChimeMoment, readonly { hz: number; at: number }[]> = {
  start: [{ hz: 660, at: 0 }],
  end: [
    { hz: 660, at: 0 },
    { hz: 495, at: 0.45 },
  ],
}
/** Quiet beside speech: a chime should not startle someone with their eyes closed. */
const PEAK_GAIN = 0.12
const RISE_SECONDS = 0.03
const FADE_SECONDS = 1.8

/** One context for the page, made on first use: browsers let it start only after the person has pressed something. */
let context: AudioContext | null = null

export function playChime(moment: ChimeMoment) {
  if (typeof window.AudioContext !== 'function') return
  try {
    context ??= new window.AudioContext()
    if (context.state === 'suspended') void context.resume().catch(() => {})
    for (const { hz, at } of NOTES[moment]) ring(context, hz, context.currentTime + at)
  } catch (error) {
    // A chime is a nicety: a browser that refuses audio leaves the practice as it is.
    console.warn('The chime could not play.', error)
  }
}

function ring(audio: AudioContext, hz: number, at: number) {
  const tone = audio.createOscillator()
  const envelope = audio.createGain()
  tone.type = 'sine'
  tone.frequency.setValueAtTime(hz, at)
  envelope.gain.setValueAtTime(0, at)
  envelope.gain.linearRampToValueAtTime(PEAK_GAIN, at + RISE_SECONDS)
  // An exponential fade sounds natural but can't reach 0, so it ends just above and the tone stops there.
  envelope.gain.exponentialRampToValueAtTime(0.0001, at + RISE_SECONDS + FADE_SECONDS)
  tone.connect(envelope).connect(audio.destination)
  tone.start(at)
  tone.stop(at + RISE_SECONDS + FADE_SECONDS)
}

/**
 * Chimes when a practice's clock first runs (not on a resume) and when the practice completes, if the member has
 * audio on. It follows `status`, so whatever starts or ends the clock (a button, a tick, Next on the last part) rings.
 */
export function usePracticeChime(status: string) {
  const [audioOn] = useAudioPreference()
  const previous = useRef(status)
  useEffect(() => {
    const was = previous.current
    previous.current = status
    if (!audioOn || was === status) return
    if (was === 'idle' && status === 'running') playChime('start')
    else if (status === 'complete') playChime('end')
  }, [status, audioOn])
}
