/**
 * Text from the service (answers, titles, labels, messages) shown to a person: its control characters
 * (C0 but newline and tab, DEL, C1) are written as visible `\xHH`, so that no value can clear the
 * screen, retitle the window, write the clipboard (OSC 52) or redraw what was printed. formctl's own
 * colours are added around such text afterwards, never taken from it. JSON output needs none of this.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function terminalText(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * A table cell formctl styles itself (a colour swatch): shown as `styled` when it fits, measured and
 * cut by its `plain` text. Data never becomes one: only code that made the styling does.
 */
export class StyledCell {
  constructor(
    readonly plain: string,
    readonly styled: string,
  ) {}

  toJSON(): string {
    return this.plain;
  }
}
