// A wizard page's state: its registered machine built from the definition, with the server's step checks
// and the submit as its actors, and where the flow stands (the steps as the checks make them, the current one).
import { use, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ResponseEnvelope } from '../../api/envelope';
import type { WizardPage } from '../../definition/screen';
import { appliedSteps, compileWizard, stepResources } from '../../definition/wizardPage';
import { WIZARD_MACHINES } from '../../../workflows/wizardMachines';
import { wizardPosition, type StepCheckInput, type SubmitInput, type WizardContext } from '../../../workflows/wizardMachine';
import { useEngine } from '../EngineContext';

export function useWizardController(page: WizardPage) {
  const { call, definitions } = useEngine();
  // A step may take a list screen's form by its resource: any page may declare it.
  const catalogue = use(definitions.loadResources(stepResources(page)));
  const wizard = useMemo(() => compileWizard(page, catalogue), [page, catalogue]);
  const machine = useMemo(
    () =>
      WIZARD_MACHINES[wizard.machine]!(wizard).provide({
        actors: {
          checkStep: fromPromise<ResponseEnvelope, StepCheckInput>(({ input }) => call(input.path, { data: input.earlier ? { values: input.values, earlier: input.earlier } : input.values })),
          submitDraft: fromPromise<ResponseEnvelope, SubmitInput>(({ input }) => call(input.path, { data: input.draft })),
        },
      }),
    [wizard, call],
  );
  const [snapshot, send] = useMachine(machine);
  const context = snapshot.context as WizardContext;
  const { step: stepKey, inner } = wizardPosition(snapshot.value);
  const done = stepKey === 'done';
  // The steps of this flow as the checks so far make it (a hotel stay has no flight search).
  const steps = appliedSteps(wizard, context.checked);
  const index = done ? steps.length : steps.findIndex((s) => s.key === stepKey);
  return { wizard, catalogue, context, send, stepKey, inner, done, steps, index, step: steps[index] };
}

export type WizardController = ReturnType<typeof useWizardController>;
