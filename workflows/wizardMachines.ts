// The wizard machines by the name a wizard definition gives in `machine` (npm run validate checks the name is
// here). Each builds its machine from the compiled definition; a flow needing more than steps, rows and a
// final call (a redemption's flight search) registers a machine of its own under its name.
import type { WizardModel } from '../engine/definition/wizardPage';
import { createCertificateUpdateMachine } from './certificateUpdateMachine';
import { createRedemptionMachine } from './redemptionMachine';
import { createWizardMachine, type WizardMachine } from './wizardMachine';

export type WizardMachineFactory = (wizard: WizardModel) => WizardMachine;

export const WIZARD_MACHINES: Readonly<Record<string, WizardMachineFactory>> = {
  /** Corporate enrollment (spec 001 §3.5): corporate detail, tour codes, travel coordinators, summary. */
  corporateEnrollment: (wizard) => createWizardMachine('corporateEnrollment', wizard),
  /** Individual enrollment (spec 001 §3.1): membership, co-brand, personal information, private and business address, summary. */
  individualEnrollment: (wizard) => createWizardMachine('individualEnrollment', wizard),
  /** Transfer of award miles between members: the transfer (checked and priced by the server), summary. */
  mileageTransfer: (wizard) => createWizardMachine('mileageTransfer', wizard),
  /** Redemption of an award (spec 001 §3.3): member, award, flight search and price list, passengers, summary. */
  redemption: createRedemptionMachine,
  /** Certificate update (spec 001 §3.4): the certificate, the new activity with its price and fee, the summary; jumps to a step. */
  certificateUpdate: createCertificateUpdateMachine,
  /** Voucher verification (spec 000 §2): a partner's voucher code checked, then marked used. */
  voucherVerification: (wizard) => createWizardMachine('voucherVerification', wizard),
};

export const WIZARD_MACHINE_NAMES: readonly string[] = Object.keys(WIZARD_MACHINES);
