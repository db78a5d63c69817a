// A QR code drawn in the terminal with half blocks (two module rows per text line), dark modules in
// black on a white background, with the standard 4-module quiet zone on every side so that phones
// read it on dark terminals too (the qrcode package's terminal renderer leaves one module).

export const QUIET_ZONE = 4;

/** `modules(x, y)` is true for a dark module of a `size` × `size` symbol. */
export function renderQrTerminal(size: number, modules: (x: number, y: number) => boolean, color = true): string {
  const full = size + 2 * QUIET_ZONE;
  const dark = (x: number, y: number) => {
    const mx = x - QUIET_ZONE;
    const my = y - QUIET_ZONE;
    return mx >= 0 && my >= 0 && mx < size && my < size && modules(mx, my);
  };
  const lines: string[] = [];
  for (let y = 0; y < full; y += 2) {
    let line = '';
    for (let x = 0; x < full; x++) {
      const top = dark(x, y);
      const bottom = y + 1 < full && dark(x, y + 1);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(color ? `\u001b[47m\u001b[30m${line}\u001b[0m` : line);
  }
  return `${lines.join('\n')}\n`;
}
