// What a start is doing while it does it: a first start on an empty database migrates, builds the definitions'
// tables and seeds for a while, and an operator should see each step begin and end rather than a silent command.
// A start on a database that is already there does the same steps in milliseconds and says nothing of them.

/** Runs one step of the start under its name. */
export type StartProgress = <T>(step: string, work: () => Promise<T>) => Promise<T>;

/** Runs each step without a word (tests, and starts on an existing database). */
export const quietly: StartProgress = (_step, work) => work();

/** Writes a line when each step begins and one when it ends, with the time it took. */
export function aloud(write: (line: string) => void): StartProgress {
  return async (step, work) => {
    write(`${step}...`);
    const started = performance.now();
    const result = await work();
    write(`${step}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
}
