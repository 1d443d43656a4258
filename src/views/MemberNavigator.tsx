// Registered navigator "member-navigator" (spec 000 §2 'Member profile navigator'): the member record page's
// sections as top steps (Profile, Membership, Activity, Retro Claim, Transaction) and, for a step that is a
// group, its sub-steps (Information, Address, Account, Alias / Member Tier, Member Card, Member Cobrand) as
// dots whose tooltip is 'Status: {status}'. The status is the section's own state, read from the server
// (MEMBER_SECTION_STATUS_PATH: the member's status, the preferred address, the account, the aliases, the tier,
// the card, the co-brand card), again when the member or the open section changes. The dots' colours are the
// walk through the group, as antd's steps draw it.
import { Steps, Tooltip } from 'antd';
import type { NavigatorProps } from '../../engine/render/recordViews';
import { useMemberNavigatorController } from './useMemberNavigatorController';

// Spec 000 §2: the sub-step dot's tooltip.
export const DOT_TOOLTIP = 'Status: {status}';

type StepStatus = 'wait' | 'process' | 'finish';

const statusAt = (index: number, current: number): StepStatus => (index < current ? 'finish' : index === current ? 'process' : 'wait');

export default function MemberNavigator({ record, steps, active, onOpen, children }: NavigatorProps) {
  const current = steps.findIndex((step) => step.sections.some((s) => s.key === active?.key));
  const step = steps[current];
  const subCurrent = step?.grouped ? step.sections.findIndex((s) => s.key === active?.key) : -1;
  const sectionStatus = useMemberNavigatorController(record.memberid, record, active?.key);
  return (
    <div className="member-navigator">
      <Steps
        type="navigation"
        size="small"
        current={current}
        aria-label="Profile navigator"
        onChange={(index) => onOpen(steps[index]!.sections[0]!)}
        items={steps.map((s, i) => ({ key: s.label, title: s.label, status: statusAt(i, current) }))}
      />
      {step?.grouped && (
        <Steps
          className="member-navigator-substeps"
          type="dot"
          size="small"
          current={subCurrent}
          aria-label={`${step.label} steps`}
          onChange={(index) => onOpen(step.sections[index]!)}
          items={step.sections.map((s, i) => ({ key: s.key, title: s.label, status: statusAt(i, subCurrent) }))}
          iconRender={(node, { index }) => {
            const section = step.sections[index]!;
            const status = sectionStatus[section.key] ?? '…';
            return (
              <Tooltip title={DOT_TOOLTIP.replace('{status}', status)}>
                <span className="member-navigator-dot" data-status={statusAt(index, subCurrent)} data-section={section.key} aria-label={`${section.label}: ${status}`}>
                  {node}
                </span>
              </Tooltip>
            );
          }}
        />
      )}
      <div className="member-navigator-content">{children}</div>
    </div>
  );
}
