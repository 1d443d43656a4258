// Registered view "member-account" (the member profile's Account sub-step): how the member signs in and the
// state of the account (username, status, e-mail verified, locked) and the staff calls already on the server:
// send the activation link (MEMBER_ACTIVATION), send the e-mail verification (MEMBER_VERIFYEMAIL) and send a
// one-time code (MEMBER_OTP), each asking first, none offered on a read-only page.
import { Button, Descriptions, Space, Tag } from 'antd';
import { KeyOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { formatYesNo } from '../../engine/definition/format';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { useMemberAccountController } from './useMemberAccountController';

/** The account calls, each under its function code of the MEMBER menu (screens/menu-tree.json). */
export const ACCOUNT_CALLS = [
  { key: 'activation', label: 'Send Activation', path: '/api/member/send-activation', function: 'MEMBER_ACTIVATION', icon: <KeyOutlined />, data: {} },
  { key: 'verify-email', label: 'Verify E-mail', path: '/api/member/send-email-verification', function: 'MEMBER_VERIFYEMAIL', icon: <MailOutlined />, data: {} },
  { key: 'otp', label: 'Send OTP', path: '/api/otp/request', function: 'MEMBER_OTP', icon: <SafetyOutlined />, data: { transactiontype: 'PROFILE_UPDATE' } },
] as const;

const STATUS_COLORS: Record<string, string> = { ACTIVE: 'green', INACTIVE: 'default', SUSPENDED: 'orange', TERMINATED: 'red', CLOSED: 'default' };

export default function MemberAccount({ screen, record }: RecordViewProps) {
  const { offered, run } = useMemberAccountController(record, ACCOUNT_CALLS);
  const label = (name: string) => screen.fields.find((f) => f.name === name)?.label ?? name;
  const optionLabel = (name: string) => screen.fields.find((f) => f.name === name)?.options?.find((o) => o.value === record[name])?.label ?? String(record[name] ?? '–');
  const statusLabel = optionLabel('status');

  return (
    <div className="member-account">
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'username', label: label('username'), children: String(record.username ?? '–') },
          { key: 'email', label: label('email'), children: String(record.email ?? '–') },
          { key: 'status', label: label('status'), children: <Tag color={STATUS_COLORS[String(record.status)] ?? 'default'}>{statusLabel}</Tag> },
          { key: 'emailverified', label: label('emailverified'), children: formatYesNo(record.emailverified) },
          { key: 'locked', label: label('locked'), children: formatYesNo(record.locked) },
          { key: 'identitystatus', label: label('identitystatus'), children: optionLabel('identitystatus') },
        ]}
      />
      {offered.length > 0 && (
        <Space className="member-account-actions" wrap>
          {offered.map((action) => (
            <Button key={action.key} icon={action.icon} onClick={() => run(action)}>
              {action.label}
            </Button>
          ))}
        </Space>
      )}
    </div>
  );
}
