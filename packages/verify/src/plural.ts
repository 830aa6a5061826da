/** "1 event", "2 events": the verifier's messages count in English. */
export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
