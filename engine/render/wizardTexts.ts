// The wizard page's own texts, shared by its parts (WizardFlow, WizardRows, WizardResults).

// not in spec: the wizard's buttons.
export const WIZARD_BUTTONS = {
  back: 'Back',
  next: 'Next',
  reset: 'Reset',
  submit: 'Submit',
  add: 'Add {item}',
  edit: 'Edit',
  remove: 'Remove',
  save: 'Save',
  cancel: 'Cancel',
  startOver: 'Start a New One',
  noRows: 'No {item} yet',
  noGrant: 'Your role may view this flow but not submit it',
} as const;

/** A button text with the list step's item named ('Add Passenger'). */
export const fill = (text: string, item: string) => text.replace('{item}', item);
