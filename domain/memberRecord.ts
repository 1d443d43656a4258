// Facts of a member record the member screens, the ledger and the member checks share: its statuses and its full name.
/** A member's statuses (the member screen's Status field); only an ACTIVE member's ledger moves. */
export const MEMBER_STATUSES = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE', SUSPENDED: 'SUSPENDED', TERMINATED: 'TERMINATED', CLOSED: 'CLOSED' } as const;

/** The full name the member list shows and searches: given name and family name. */
export const memberFullName = (firstname: unknown, lastname: unknown) => [firstname, lastname].filter((p) => typeof p === 'string' && p.trim() !== '').join(' ');
