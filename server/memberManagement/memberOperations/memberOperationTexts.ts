// not in spec: the product's own texts for transfers, merges, corrections and custom transactions, declared once.
export const MEMBER_OPERATION_TEXTS = {
  cardNotFound: 'Card number "{card}" was not found',
  notActive: 'The member of card number "{card}" is {status}: only active members can transfer miles',
  sameMember: 'Both card numbers belong to the same member',
  belowMinimum: 'Transfer at least {min} award miles',
  aboveYearLimit: 'A member may transfer at most {max} award miles a calendar year: {used} transferred this year, {left} left',
  transferred: 'Award miles have been transferred',
  selfMerge: 'An account cannot be merged into itself',
  closedAccount: 'The account of card number "{card}" is closed',
  mergePending: 'Card number "{card}" is already in merge request {mergeid}, waiting for approval',
  mergedMeanwhile: 'The account of card number "{card}" has been merged into member {member} meanwhile',
  nothingToPost: 'Enter award miles, tier miles or segments',
  customNotGranted: 'Your role may not post custom transaction "{code}"',
  customInactive: 'Custom transaction "{code}" is not active',
  customDirection: 'Custom transaction "{name}" is a {direction}',
  customMilesType: 'Custom transaction "{name}" posts {type} only',
  customAboveMax: 'Custom transaction "{name}" posts at most {max} miles a transaction',
} as const;
