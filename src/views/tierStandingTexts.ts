// The texts of the tier-standing view, apart from its component so tests read them without React.

// not in spec: the view's own texts.
export const TIER_STANDING_TEXTS = {
  period: 'Qualification Period',
  tiermiles: 'Tier Miles in Period',
  segments: 'Segments in Period',
  atEnd: 'At Period End',
  criteria: 'Mileage Criteria',
  asOf: 'Tier as of Date',
  pickDay: 'Choose a date',
  outcomes: { UPGRADE: 'Upgrade to {tier}', MAINTAIN: 'Maintain {tier}', DOWNGRADE: 'Downgrade to {tier}' },
  met: 'Met',
  notMet: 'Not met',
  notApplying: 'Does not apply',
  held: '{tier} ({reason}), {from} to {to}',
  open: 'open',
} as const;
