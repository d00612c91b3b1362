/**
 * The ports of the journeys' servers, counted from `E2E_PORT_BASE` so two checkouts on one machine can run their
 * journeys side by side.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3195)

export const E2E_PORTS = {
  /** The Lumin on its embedded defaults. */
  app: base + 4,
  /** A second Lumin, pointed at the fake model and voice providers. */
  providers: base + 3,
  fakeModel: base + 2,
  fakeVoice: base + 1,
  /** A third Lumin on the same fakes, whose voice may read only one opening line a day. */
  spentVoice: base,
}
