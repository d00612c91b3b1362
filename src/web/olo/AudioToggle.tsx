import { Volume2, VolumeX } from 'lucide-react'

/** Olo's voice on or off; off stops Olo mid-sentence (docs/product.md#chat-input). */
export function AudioToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const Icon = on ? Volume2 : VolumeX
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => onChange(!on)}
      className="flex h-11 items-center gap-2 rounded-full border border-white/15 px-4 text-sm text-white transition-colors hover:bg-white/10"
    >
      <Icon aria-hidden="true" className="size-5" />
      <span>{on ? 'Audio on' : 'Audio off'}</span>
    </button>
  )
}
