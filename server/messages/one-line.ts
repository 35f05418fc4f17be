/** Header values and short texts: one line, no control characters, so a name or a comment cannot add a header. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

export function oneLine(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}
