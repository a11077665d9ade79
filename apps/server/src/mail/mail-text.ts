// What every mail's text needs of a user's words, whichever module writes it.

/** A user's words on one line: a line break (or another control character) could fake a line of its own. */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
