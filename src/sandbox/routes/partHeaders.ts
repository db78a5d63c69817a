/**
 * The size of each part's header block as a multipart body streams by. Busboy takes a limit
 * (headerSize) but only truncates a longer block, silently: the part is then read with half its
 * headers. This watch says when a block passes the limit, so the reader can refuse the body (400).
 * Delimiters are found as Busboy finds them (CRLF, `--`, the boundary; the body's start counts as a
 * line start); a close delimiter (`--boundary--`) ends the watch, whatever epilogue follows.
 * Without a boundary (not multipart, or Busboy refuses it) there is nothing to watch.
 */
export function partHeaderWatch(boundary: string | undefined, maxHeaderBytes: number): (chunk: Buffer) => boolean {
  if (boundary === undefined) return () => true;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const blockEnd = Buffer.from('\r\n\r\n');
  let carry = Buffer.from('\r\n');
  /** absolute offset of carry[0] in the body (the leading CRLF is at -2) */
  let base = -2;
  /** absolute offset where the current header block starts, or undefined between parts */
  let headerStart: number | undefined;
  let closed = false;
  return (chunk) => {
    if (closed) return true;
    const buf = Buffer.concat([carry, chunk]);
    let i = 0;
    for (;;) {
      if (headerStart === undefined) {
        const at = buf.indexOf(delimiter, i);
        if (at === -1) {
          const keep = Math.max(i, buf.length - delimiter.length + 1);
          return keepFrom(buf, keep);
        }
        i = at + delimiter.length;
        headerStart = base + i;
        continue;
      }
      const local = headerStart - base;
      if (buf.length - local < 2) return keepFrom(buf, Math.min(local, buf.length));
      if (buf[local] === 0x2d && buf[local + 1] === 0x2d) {
        closed = true; // `--boundary--`: the body's last delimiter
        return true;
      }
      const end = buf.indexOf(blockEnd, Math.max(i, local));
      if (end === -1) {
        if (base + buf.length - headerStart > maxHeaderBytes) return false;
        return keepFrom(buf, Math.max(local, buf.length - blockEnd.length + 1));
      }
      if (base + end - headerStart > maxHeaderBytes) return false;
      i = end + blockEnd.length;
      headerStart = undefined;
    }
  };

  function keepFrom(buf: Buffer, from: number): true {
    carry = Buffer.from(buf.subarray(from));
    base += from;
    return true;
  }
}

/** The boundary of a multipart Content-Type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const m = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}
