/**
 * The first index of `items` (ordered so that `after` is false, then true) where `after` holds;
 * `items.length` if none: the one binary search the analysis needs, for words, sentences and
 * caption lines by position or time.
 */
export function firstWhere<T>(items: readonly T[], after: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (after(items[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
