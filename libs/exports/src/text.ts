/** Text on one line, as every export format wants a title or quote: runs of spaces, tabs and line breaks become one space. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
