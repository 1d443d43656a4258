// A placeholder for an actor the app injects with machine.provide({ actors }): it fails loudly when forgotten.
import { fromPromise } from 'xstate';

export function injectedActor<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The actor '${name}' must be provided with machine.provide({ actors: { ${name} } })`);
  });
}
