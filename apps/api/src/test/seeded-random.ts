/**
 * A fixed pseudo-random sequence (a linear congruential generator): the same numbers on every run, so a
 * "random run" of sales and moves in a test is repeatable. `random()` is in [0, 1); `pick` one of a list.
 */
export function seededRandom(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return { random, pick };
}
