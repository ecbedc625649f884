/**
 * Whether a key press belongs to an input method's composition (Japanese, Chinese, Korean…): there
 * Escape cancels the conversion, Enter confirms it and the arrows choose among its candidates, so
 * the press is the input method's, never the page's. Chromium sends such presses with their own
 * key and `isComposing`; Safari sends the Enter that ends one after the composition, as key code 229.
 */
export function composing(event: KeyboardEvent | { nativeEvent: KeyboardEvent }): boolean {
  const native = 'nativeEvent' in event ? event.nativeEvent : event;
  return native.isComposing || native.keyCode === 229;
}
