/** Whether `value` is one of a fixed list's items (src/core's `as const` lists): a type guard, so no cast is needed. */
export function isOneOf<const Item extends string>(list: readonly Item[], value: unknown): value is Item {
  return list.some((item) => item === value)
}
