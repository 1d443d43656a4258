// The redemption draft (spec 001 §3.3, §4.2): named steps from step1 (member, award, flight search with its
// price list, passengers), then the summary and confirmation; RESET returns every step to its defaults at any
// time. The steps, their fields and checks are the definition's (screens/member-management/redemption.json);
// the machine is the generic wizard machine under this name, so each step's server check (the member's balance,
// tier and age band; the award's eligibility; the price list) runs on Next.
import type { WizardModel } from '../engine/definition/wizardPage';
import { createWizardMachine, type WizardMachine } from './wizardMachine';

export const REDEMPTION_MACHINE = 'redemption';

export const createRedemptionMachine = (wizard: WizardModel): WizardMachine => createWizardMachine(REDEMPTION_MACHINE, wizard);
