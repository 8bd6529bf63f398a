/**
 * A short two-tone beep made with the Web Audio API: no audio file to load, nothing the CSP must allow.
 * Browsers keep an AudioContext silent until the user interacts with the page, so `unlockSound` is called
 * from the click that turns the sound on (and from the first click after a reload when it is already on).
 */
type AudioContextClass = typeof AudioContext;
let context: AudioContext | undefined;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** Creates or resumes the audio context; call it from a user gesture. */
export function unlockSound() {
  const Class = audioContextClass();
  if (!Class) return;
  context ??= new Class();
  if (context.state === 'suspended') void context.resume().catch(() => {});
}

/** Plays about a quarter of a second of sound; silent where Web Audio is missing or still locked. */
export function beep() {
  if (!context) unlockSound();
  const audio = context;
  if (!audio) return;
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.13, 1320],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    const at = start + offset;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.13);
  }
}
