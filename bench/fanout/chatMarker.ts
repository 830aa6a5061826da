// The benchmark's chat text, `bm:<seq>:<scheduled send time in µs>;`, and the scan that finds every
// such text in a received frame without parsing its JSON: a subscriber reads hundreds of thousands of
// deliveries per second on one core, the same cheap way whichever server sent them.
const MARK = Buffer.from('bm:');
const COLON = 0x3a;
const ZERO = 0x30;
const NINE = 0x39;

export function chatText(seq: number, scheduledMs: number): string {
  return `bm:${seq}:${Math.round(scheduledMs * 1000)};`;
}

/** Calls `found(seq, scheduledMs)` for every chat text in `frame`. */
export function scanChatTexts(frame: Buffer, found: (seq: number, scheduledMs: number) => void): void {
  let at = frame.indexOf(MARK);
  while (at !== -1) {
    let i = at + MARK.length;
    let seq = 0;
    let digits = 0;
    for (let c = frame[i]; c !== undefined && c >= ZERO && c <= NINE; c = frame[++i]) {
      seq = seq * 10 + (c - ZERO);
      digits++;
    }
    if (digits > 0 && frame[i] === COLON) {
      i++;
      let micros = 0;
      digits = 0;
      for (let c = frame[i]; c !== undefined && c >= ZERO && c <= NINE; c = frame[++i]) {
        micros = micros * 10 + (c - ZERO);
        digits++;
      }
      if (digits > 0) found(seq, micros / 1000);
    }
    at = frame.indexOf(MARK, i);
  }
}
