// The certificate update draft (spec 001 §3.4, §4.2): a machine that moves by jumping to a step, starting at
// step 1: the certificate, the activity (upgrade or free flight, the new departure and return, the compartment)
// with its new price and fee, and the update summary. The generic wizard machine under this name: its GOTO
// jumps to any earlier step (the steps bar and the summary's Edit links), RESET goes back to step 1.
import type { WizardModel } from '../engine/definition/wizardPage';
import { createWizardMachine, type WizardMachine } from './wizardMachine';

export const CERTIFICATE_UPDATE_MACHINE = 'certificateUpdate';

export const createCertificateUpdateMachine = (wizard: WizardModel): WizardMachine => createWizardMachine(CERTIFICATE_UPDATE_MACHINE, wizard);
