// The sound a host hears when a guest knocks (issue 33, part 2): two short soft tones made with the Web
// Audio API (no file to load). A browser that will not play (no gesture yet, no audio output) stays
// silent: the list and the screen reader's announcement say it all the same.
export function playKnockChime(): void {
  try {
    const context = new AudioContext();
    const tone = (frequency: number, start: number) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, context.currentTime + start);
      gain.gain.exponentialRampToValueAtTime(0.2, context.currentTime + start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + start + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + start);
      oscillator.stop(context.currentTime + start + 0.3);
    };
    tone(660, 0);
    tone(880, 0.18);
    setTimeout(() => void context.close().catch(() => undefined), 800);
  } catch {
    // No audio here: the knock is shown and announced.
  }
}
