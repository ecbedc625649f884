/**
 * What to do when a part of the app's code could not be loaded: offline, the connection; online,
 * most likely a new version of Find Clips, whose files replaced the ones this tab was opened with.
 */
export const codeFailedAdvice = () =>
  navigator.onLine
    ? 'Find Clips may have been updated since this tab opened. Reload the page to get the latest version.'
    : 'Check your connection, then reload the page.';
