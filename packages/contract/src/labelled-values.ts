/**
 * The values of an enum declared once, by its table of labels: the table's keys in the table's order (the order
 * of lists and selects), as the non-empty tuple `z.enum` takes. The keys must not look like integers: an object
 * lists those first, by number.
 */
export function labelledValues<Value extends string>(labels: Record<Value, string>): readonly [Value, ...Value[]] {
  return Object.keys(labels) as [Value, ...Value[]];
}
