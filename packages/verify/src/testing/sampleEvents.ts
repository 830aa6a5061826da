// Events shaped like a live session's log (chat messages, people joining and leaving, poll votes, hands
// raised), 150 to 400 bytes a line once exported, from a seed: the same seed gives the same events, so a
// test or the benchmark can make a package twice (once to hash, once to write) without keeping it all.
import type { EventFields } from '../exportPackage.ts';

/** mulberry32: small, fast and good enough to vary test data; not for anything secret. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORDS = [
  'the',
  'batch',
  'sample',
  'assay',
  'results',
  'stability',
  'protocol',
  'deviation',
  'validated',
  'slide',
  'question',
  'dose',
  'patient',
  'trial',
  'chromatography',
  'peak',
  'purity',
  'impurity',
  'release',
  'specification',
  'could',
  'you',
  'repeat',
  'please',
  'thanks',
  'agreed',
  'next',
  'week',
  'é',
  'µg/mL',
  'température',
  'lot',
  'n°',
  'OK',
  'see',
  'annex',
  'GMP',
  'audit',
  'trail',
  'signed',
  'reviewed',
  '👍',
];
const NAMES = [
  'Dr. Amélie Laurent',
  'Jonas Weber',
  'Priya Natarajan',
  'Chen Wei',
  'María José García',
  'Tom Okafor',
];
const START = Date.UTC(2025, 2, 14, 9, 0, 0);

/** `count` events of one session, in seq order (seq and hash are added by the package). */
export function* sampleSessionEvents(count: number, seed = 1): Generator<EventFields> {
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sentence = (words: number) => Array.from({ length: words }, () => pick(WORDS)).join(' ');
  const room = `room-${seed}-${Math.floor(random() * 1e6)}`;
  let at = START;
  for (let index = 0; index < count; index++) {
    at += Math.floor(random() * 4000);
    const participantId = `p-${Math.floor(random() * 500)}`;
    const common = { at: new Date(at).toISOString(), roomId: room, participantId };
    const kind = random();
    if (kind < 0.6) {
      yield {
        type: 'chat.message.sent',
        ...common,
        author: pick(NAMES),
        messageId: `m-${index}`,
        text: sentence(4 + Math.floor(random() * 30)),
      };
    } else if (kind < 0.75) {
      yield {
        type: random() < 0.5 ? 'participant.joined' : 'participant.left',
        ...common,
        name: pick(NAMES),
        role: random() < 0.1 ? 'animator' : 'participant',
        device: { camera: random() < 0.7, microphone: random() < 0.8, browser: 'Chrome 131' },
      };
    } else if (kind < 0.92) {
      yield {
        type: 'poll.vote.cast',
        ...common,
        pollId: `poll-${Math.floor(index / 200)}`,
        question: sentence(6),
        optionIds: [`option-${Math.floor(random() * 4)}`],
        weight: 1,
      };
    } else {
      yield {
        type: 'hand.raised',
        ...common,
        raised: random() < 0.5,
        queuePosition: Math.floor(random() * 12),
      };
    }
  }
}
