// The member navigator's data: the state of each section of this member (MEMBER_SECTION_STATUS_PATH), read again
// when the record or the open section changes; a section not answered yet has no status.
import { MEMBER_SECTION_STATUS_PATH, type MemberSectionStatus } from '../../engine/definition/views';
import { useResultQuery } from '../../engine/render/controllers/useResultQuery';

const NONE: MemberSectionStatus = {};

export function useMemberNavigatorController(memberid: unknown, record: unknown, active: string | undefined): MemberSectionStatus {
  const known = typeof memberid === 'string' && memberid !== '';
  const { result } = useResultQuery<MemberSectionStatus>(MEMBER_SECTION_STATUS_PATH, known ? { memberid } : undefined, record, active);
  return result ?? NONE;
}
