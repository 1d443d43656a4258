// The audit columns a domain stamps on a row it inserts into a resource table, as the generic create does.
import { AUDIT_COLUMNS } from '../../../engine/definition/compile';

export type AuditStamp = Record<(typeof AUDIT_COLUMNS)[number], string>;

/** Who wrote a new row and when: created and updated alike, as a record the generic create writes. */
export const auditStamp = (user: string, at: Date | string): AuditStamp => {
  const when = typeof at === 'string' ? at : at.toISOString();
  return { createdby: user, createddate: when, updatedby: user, updateddate: when };
};
