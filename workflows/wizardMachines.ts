// The wizard machines by the name a wizard definition gives in `machine` (npm run validate checks the name is
// here). Each builds its machine from the compiled definition; a flow needing more than steps, rows and a
// final call (a redemption's flight search) registers a machine of its own under its name.
import type { WizardModel } from '../engine/definition/wizardPage';
import { createWizardMachine, type WizardMachine } from './wizardMachine';

export type WizardMachineFactory = (wizard: WizardModel) => WizardMachine;

export const WIZARD_MACHINES: Readonly<Record<string, WizardMachineFactory>> = {
  /** Corporate enrollment (spec 001 §3.5): corporate detail, tour codes, travel coordinators, summary. */
  corporateEnrollment: (wizard) => createWizardMachine('corporateEnrollment', wizard),
};

export const WIZARD_MACHINE_NAMES: readonly string[] = Object.keys(WIZARD_MACHINES);
