// What a start is doing while it does it: a first start on an empty database migrates, builds the definitions'
// tables and seeds for a while, and an operator should see each step begin and end rather than a silent command,
// and within a long step what it is at ("Seeding demo members: 800 of 2,000") every few seconds.
// A start on a database that is already there does the same steps in milliseconds and says nothing of them.

/** Says what a step is doing now, in a line of its own. */
export type Tell = (line: string) => void;

/** Runs one step of the start under its name; the step may tell what it is at meanwhile. */
export type StartProgress = <T>(step: string, work: (tell: Tell) => Promise<T>) => Promise<T>;

/** Tells nothing (tests, and starts on an existing database). */
export const silent: Tell = () => {};

/** Runs each step without a word (tests, and starts on an existing database). */
export const quietly: StartProgress = (_step, work) => work(silent);

/** Writes a line when each step begins, the lines it tells, and one when it ends, with the time it took. */
export function aloud(write: (line: string) => void): StartProgress {
  return async (step, work) => {
    write(`${step}...`);
    const started = performance.now();
    const result = await work(write);
    write(`${step}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
}

/** How often a count tells how far it is. */
const COUNT_EVERY_MS = 2_000;

/**
 * A count of `total` things (`what`: "Seeding demo members") that tells "what: 800 of 2,000" when at least two
 * seconds passed since it last told, and once at the end; call it with the number done so far.
 */
export function counting(tell: Tell, what: string, total: number): (done: number) => void {
  if (tell === silent) return () => {};
  let last = performance.now();
  return (done) => {
    const now = performance.now();
    if (done < total && now - last < COUNT_EVERY_MS) return;
    last = now;
    tell(`${what}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`);
  };
}
