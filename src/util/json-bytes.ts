// Reading a JSON document's UTF-8 bytes by hand (source/json-source.ts's duplicate-key scan,
// util/parse-json-rows.ts's search for row lists): quotes and backslashes are ASCII, so they are
// never part of a multi-byte character, and a string can be skipped without decoding it.

/** Index of the quote that closes the string whose opening quote is at `open`, or −1 when none does. */
export function stringEnd(bytes: Uint8Array, open: number): number {
  let end = bytes.indexOf(0x22, open + 1);
  while (end >= 0) {
    // a quote preceded by an odd run of backslashes is escaped
    let b = end - 1;
    while (bytes[b] === 0x5c) b--;
    if ((end - 1 - b) % 2 === 0) return end;
    end = bytes.indexOf(0x22, end + 1);
  }
  return -1;
}

/** The text of the string between the quotes at `open` and `close`, its escapes read as JSON reads them. */
export function stringText(bytes: Buffer, open: number, close: number): string {
  const raw = bytes.toString('utf8', open + 1, close);
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}
