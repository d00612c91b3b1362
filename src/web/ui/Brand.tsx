/** Lumin's name with its small glowing orb, as the landing and /explore show it in their header. */
export function Brand() {
  return (
    <p className="flex items-center gap-2.5 text-lg font-semibold tracking-wide text-white">
      <span
        aria-hidden="true"
        className="size-5 rounded-full shadow-[0_0_14px_2px_#c9a2ff80]"
        style={{ background: 'radial-gradient(circle at 36% 30%, #fff, #c9a2ff 45%, #8f7cf0)' }}
      />
      Lumin
    </p>
  )
}
